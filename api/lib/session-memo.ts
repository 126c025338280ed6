/**
 * Who a token speaks for, remembered for the API calls of one web page. A signed-in page makes
 * several in-process API calls with the same token (the header's favourites and unread counts, the
 * page's own data), and each looked the session up again. The web server's in-process bridge
 * gives each web request a memo of its own, as the Hono environment; calls over HTTP have none.
 *
 * Only reads use it, and the bridge empties it around every write: an action that ends the session
 * (logout, a password change) or changes the user (mode, name) is seen by the loaders that run
 * after it in the same web request.
 */
import type { UserRow } from "../services/users";

export class SessionMemo {
  readonly #users = new Map<string, Promise<UserRow | null>>();

  lookup(token: string, find: () => Promise<UserRow | null>): Promise<UserRow | null> {
    let user = this.#users.get(token);
    if (!user) {
      user = find();
      this.#users.set(token, user);
      // A failed lookup (the database busy for a moment) is not remembered.
      user.catch(() => this.#users.delete(token));
    }
    return user;
  }

  clear() {
    this.#users.clear();
  }
}

/** What the web server's in-process bridge passes to the API with each call (Hono's `c.env`). */
export type InProcessBindings = { sessionMemo?: SessionMemo };
