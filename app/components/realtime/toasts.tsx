import type { ComponentType } from "react";
import type { RealtimeEvents } from "../../../contract/chat";

export type Toast =
  | { id: string; kind: "notification"; data: RealtimeEvents["notification"] }
  | { id: string; kind: "message"; data: RealtimeEvents["chat-message"] };

export type ToastItemComponent = ComponentType<{ toast: Toast; onClose: () => void }>;

/**
 * The live region the toasts appear in. It is in the page from the first render, so that screen
 * readers announce what is added to it; the toasts themselves (./toast-item.tsx) come with
 * pusher-js, after the page is interactive, since no toast can arrive before the connection.
 */
export function Toasts({ toasts, Item, onClose }: { toasts: Toast[]; Item: ToastItemComponent | null; onClose: (id: string) => void }) {
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2" aria-live="polite" role="status" data-testid="toasts">
      {Item ? toasts.map((toast) => <Item key={toast.id} toast={toast} onClose={() => onClose(toast.id)} />) : null}
    </div>
  );
}
