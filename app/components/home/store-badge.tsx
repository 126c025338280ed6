import type { MobileApp } from "../../../contract/directory";

/** Simple marks for each store, drawn inline (no image requests). */
const MARKS: Record<MobileApp["platform"], string> = {
  ios: "M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.9-1.1-2.9-4.2ZM13.9 5.2c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5Z",
  android: "M3.6 2.3c-.3.3-.4.7-.4 1.2v17c0 .5.1.9.4 1.2l9.5-9.7-9.5-9.7Zm10.6 8.6 2.9-2.9L5.3 1.3c-.3-.2-.7-.2-1 0l9.9 9.6Zm0 2.2-9.9 9.6c.3.2.7.2 1 0L17.1 16l-2.9-2.9Zm4.2-4.3L15.3 12l3.1 3.2 3.4-1.9c.9-.5.9-1.7 0-2.2l-3.4-1.3Z",
  huawei: "M12 3.5c-1 1.6-1.2 4.6 0 8.5 1.2-3.9 1-6.9 0-8.5ZM10.6 12.3C8.4 9.2 6.4 7.3 4.7 7c-.4 2 1.7 4.2 5.9 5.3Zm2.8 0c4.2-1.1 6.3-3.3 5.9-5.3-1.7.3-3.7 2.2-5.9 5.3Zm-3.6 1.1c-3.5-.6-6.2-.1-7.3 1.1 1.5 1.2 4.4.8 7.3-1.1Zm4.4 0c2.9 1.9 5.8 2.3 7.3 1.1-1.1-1.2-3.8-1.7-7.3-1.1Z",
};

export function StoreBadge({ app, caption }: { app: MobileApp; caption: string }) {
  return (
    <a
      href={app.url}
      rel="noopener noreferrer"
      target="_blank"
      className="inline-flex min-w-[11rem] items-center gap-3 rounded-2xl bg-stone-900 px-4 py-2.5 text-white shadow-sm transition hover:bg-stone-700"
      data-testid="store-link"
      data-platform={app.platform}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7 shrink-0" fill="currentColor">
        <path d={MARKS[app.platform] ?? MARKS.android} />
      </svg>
      <span className="text-left leading-tight">
        <span className="block text-[0.7rem] uppercase tracking-wide text-white/70">{caption}</span>
        <span className="block text-base font-semibold">{app.name}</span>
      </span>
    </a>
  );
}
