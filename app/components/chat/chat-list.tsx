/** The list of conversations: the other person, the estate, the last message, unread, newest first. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { ChatRole, ChatSummary } from "../../../contract/chat";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime, formatShortMoment } from "~/lib/format";
import { useRevalidateOn } from "~/components/realtime/realtime";

export function ChatList({ items, role, headingLevel = 1 }: { items: ChatSummary[]; role: ChatRole; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation("common");
  const { path, locale } = useLocale();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const base = role === "host" ? "/host/chat" : "/chat";
  // A new message moves its conversation up with its unread count, without a reload.
  useRevalidateOn((event) => event.type === "chat-message");
  return (
    <section>
      <Heading className="text-2xl font-bold text-stone-900">{t(role === "host" ? "chat.hostTitle" : "chat.title")}</Heading>
      <p className="mt-1 text-sm text-stone-600">{t(role === "host" ? "chat.hostSubtitle" : "chat.subtitle")}</p>
      {items.length === 0 ? (
        <div className="mt-6 rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center" data-testid="chat-empty">
          <p className="text-lg font-semibold text-stone-900">{t("chat.empty")}</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t(role === "host" ? "chat.hostEmptyText" : "chat.emptyText")}</p>
          {role === "guest" ? (
            <Link to={path("/estates")} className="btn-primary mt-5">
              {t("chat.findStay")}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="mt-5 divide-y divide-stone-200 overflow-hidden rounded-3xl border border-stone-200 bg-white" data-testid="chat-list">
          {items.map((chat) => (
            <li key={chat.id}>
              <Link to={path(`${base}/${chat.id}`)} className="flex items-start gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50" data-testid="chat-item">
                <span aria-hidden="true" className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {(chat.other.name || "?").slice(0, 1).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    {/* The whole name, on two lines if it must (a cut "Бакыт …" named nobody). */}
                    <span className={`min-w-0 text-stone-900 [overflow-wrap:anywhere] ${chat.unread ? "font-bold" : "font-semibold"}`} data-testid="chat-item-name">{chat.other.name || t(role === "host" ? "chat.guest" : "chat.host")}</span>
                    <time dateTime={chat.lastMessage?.createdAt ?? chat.updatedAt} title={formatDateTime(chat.lastMessage?.createdAt ?? chat.updatedAt, locale)} className="ml-auto shrink-0 text-xs text-stone-500">
                      {formatShortMoment(chat.lastMessage?.createdAt ?? chat.updatedAt, locale)}
                    </time>
                  </span>
                  <span className="block truncate text-xs text-stone-600">{chat.estate.title}</span>
                  <span className="mt-0.5 flex items-center gap-2">
                    <span className={`min-w-0 flex-1 truncate text-sm ${chat.unread ? "text-stone-900" : "text-stone-600"}`}>
                      {chat.lastMessage ? `${chat.lastMessage.mine ? `${t("chat.you")}: ` : ""}${chat.lastMessage.body}` : t("chat.noMessages")}
                    </span>
                    {chat.unread ? (
                      <span className="shrink-0 rounded-full bg-brand-600 px-2 text-xs font-bold leading-5 text-white" data-testid="chat-unread">
                        <span aria-hidden="true">{chat.unread}</span>
                        <span className="sr-only">{t("chat.unread", { count: chat.unread })}</span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
