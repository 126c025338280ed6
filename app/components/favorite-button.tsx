import { useFetcher, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import type { loader as rootLoader } from "~/root";
import { Icon } from "./icon";

/**
 * The heart that saves a stay. It is a plain POST form to `/favorites`, which answers a page
 * without JavaScript by redirecting back here (to the heart's own anchor). With JavaScript a
 * fetcher sends it and the heart turns at once; the root loader's ids, revalidated after the
 * post, then confirm it (or turn it back when the post failed).
 *
 * Its name stays "Save to favorites" and `aria-pressed` says whether it is saved: a toggle whose
 * name changed too would read as "Remove from favorites, pressed". `children`, a visible label,
 * replaces the round icon button's name; `buttonClassName` its look.
 */
export function FavoriteButton({ estateId, className = "", buttonClassName, children }: { estateId: number; className?: string; buttonClassName?: string; children?: ReactNode }) {
  const { t } = useTranslation("common");
  const { path } = useLocale();
  const { pathname, search } = useLocation();
  const stored = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.favorites.includes(estateId));
  const fetcher = useFetcher();
  const asked = fetcher.formData?.get("intent");
  const saved = asked ? asked === "add" : stored;
  const action = path("/favorites");
  const intent = saved ? "remove" : "add";
  const anchor = `fav-${estateId}`;
  return (
    <form
      method="post"
      action={action}
      id={anchor}
      className={`scroll-mt-24 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit({ intent, estateId, js: 1 }, { method: "post", action });
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="estateId" value={estateId} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}#${anchor}`} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-busy={fetcher.state !== "idle" || undefined}
        aria-label={children ? undefined : t("favorites.save")}
        title={t(saved ? "favorites.remove" : "favorites.save")}
        data-testid="favorite-toggle"
        className={buttonClassName ?? "fav-btn"}
      >
        <HeartIcon className={`${children ? "h-4 w-4" : "h-5 w-5"} ${saved ? "fill-brand-600 text-brand-600" : "text-stone-800"}`} />
        {children}
      </button>
    </form>
  );
}

/** The heart outline; `fill-*` classes fill it (the sprite's heart leaves its fill to the page). */
export function HeartIcon({ className }: { className: string }) {
  return <Icon name="heart" className={`fill-none ${className}`} />;
}

/**
 * For pages that show hearts: a heart's post changes only the root's ids, so the page's own
 * (often costly) loader need not run again after it.
 */
export const skipAfterFavorite: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.endsWith("/favorites") ? false : defaultShouldRevalidate;
