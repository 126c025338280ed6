import type { MetaFunction } from "@remix-run/node";

/** Every console page's head: its title from the loader, and never indexed. */
export const adminMeta: MetaFunction = ({ data }) => [{ title: (data as { title?: string } | undefined)?.title ?? "Konok" }, { name: "robots", content: "noindex" }];
