/**
 * How the API reaches browsers: only through the official `pusher` client, whichever server it
 * points at (the embedded one, Soketi, or Pusher Channels), and how it signs channel access.
 */
import type Pusher from "pusher";
import type { RealtimeEvents } from "../../contract/chat";

export type Realtime = {
  pusher: Pusher;
  publish<E extends keyof RealtimeEvents>(channel: string, event: E, data: RealtimeEvents[E]): Promise<void>;
};

/**
 * Publishing never fails a request: the message is stored and shows on the next page load, so a
 * realtime service that is down costs liveness, not data. The failure is logged once per burst.
 */
export function realtimeFrom(pusher: Pusher, log: (line: string) => void = (line) => console.warn(line)): Realtime {
  let lastLogged = 0;
  return {
    pusher,
    async publish(channel, event, data) {
      try {
        await pusher.trigger(channel, event, data);
      } catch (error) {
        if (Date.now() - lastLogged > 60_000) {
          lastLogged = Date.now();
          log(`realtime: could not publish ${event} to ${channel}: ${(error as Error).message}`);
        }
      }
    },
  };
}
