import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Listing, PhotoUploadResponse } from "../../../contract/listing-steps";
import { PHOTO_TYPES } from "../../../contract/listing-steps";
import { SubmitButton } from "~/components/forms/fields";

/**
 * The photo step: a multipart form that takes several files at once, and per photo plain forms to
 * move it up or down, make it the cover (the first photo) or delete it. All of it works without
 * JavaScript; the page reloads with the new order.
 */
export function PhotoManager({ listing, rejected }: { listing: Listing; rejected: PhotoUploadResponse["rejected"] }) {
  const { t } = useTranslation("listing");
  const photos = listing.photos;
  // With JavaScript, the chosen files show as thumbnails before they are sent.
  const [chosen, setChosen] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => () => chosen.forEach((c) => URL.revokeObjectURL(c.url)), [chosen]);
  const small = "inline-flex min-h-10 items-center rounded-full px-3 text-xs font-medium ring-1 ring-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:opacity-40";
  return (
    <div className="mt-4 space-y-5">
      <Form method="post" encType="multipart/form-data" className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-4" data-testid="photo-upload">
        <label htmlFor="photos-input" className="field-label">
          {t("photos.label")}
        </label>
        <input
          id="photos-input"
          type="file"
          name="photos"
          multiple
          accept={[...PHOTO_TYPES, ".heic", ".heif"].join(",")}
          aria-describedby="photos-hint"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:text-white"
          onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((file) => ({ name: file.name, url: URL.createObjectURL(file) })))}
        />
        {chosen.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="photo-chosen">
            {chosen.map((c) => (
              <li key={c.url} className="h-16 w-20 overflow-hidden rounded-lg bg-stone-200">
                <img src={c.url} alt={c.name} className="h-full w-full object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <p id="photos-hint" className="mt-2 text-xs text-stone-500">
          {t("photos.hint")}
        </p>
        <SubmitButton name="intent" value="upload" className="btn-secondary mt-3 min-h-11">
          {t("photos.upload")}
        </SubmitButton>
      </Form>

      {rejected.length ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="photos-rejected">
          <p className="font-semibold">{t("photos.rejected")}</p>
          <ul className="mt-1 list-disc pl-5">
            {rejected.map((r, i) => (
              <li key={`${r.name}-${i}`}>{r.name ? `${r.name}: ${r.message}` : r.message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <p className="text-sm text-stone-600" data-testid="photo-count">
        {photos.length ? t("photos.count", { n: photos.length }) : t("photos.none")}
      </p>
      <ol className="grid gap-3 sm:grid-cols-2" data-testid="photo-list">
        {photos.map((photo, index) => (
          <li key={photo.id} className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200" data-testid="photo-item" data-photo-id={photo.id}>
            <div className="relative aspect-[3/2] bg-stone-100">
              <img src={photo.url} srcSet={photo.srcset} sizes="(min-width: 640px) 320px, 100vw" alt={t("photos.photo", { n: index + 1 })} className="h-full w-full object-cover" loading="lazy" />
              {index === 0 ? <span className="absolute left-2 top-2 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-stone-900">{t("photos.cover")}</span> : null}
            </div>
            <Form method="post" className="flex flex-wrap gap-1.5 p-2">
              <input type="hidden" name="photoId" value={photo.id} />
              <button type="submit" name="intent" value="up" className={small} disabled={index === 0} aria-label={`${t("photos.moveUp")}: ${t("photos.photo", { n: index + 1 })}`}>
                {t("photos.moveUp")}
              </button>
              <button type="submit" name="intent" value="down" className={small} disabled={index === photos.length - 1} aria-label={`${t("photos.moveDown")}: ${t("photos.photo", { n: index + 1 })}`}>
                {t("photos.moveDown")}
              </button>
              {index > 0 ? (
                <button type="submit" name="intent" value="cover" className={small} aria-label={`${t("photos.makeCover")}: ${t("photos.photo", { n: index + 1 })}`}>
                  {t("photos.makeCover")}
                </button>
              ) : null}
              <button type="submit" name="intent" value="delete" className={`${small} text-red-700`} aria-label={`${t("photos.delete")}: ${t("photos.photo", { n: index + 1 })}`}>
                {t("photos.delete")}
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </div>
  );
}
