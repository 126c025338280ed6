import { Form, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Listing, PhotoUploadResponse } from "../../../contract/listing-steps";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "../../../contract/listing-steps";
import { LISTING_MESSAGES } from "../../../contract/listing-text";
import { SubmitButton } from "~/components/forms/fields";
import { useLocale } from "~/i18n/use-locale";

/**
 * The photo step: a multipart form that takes several files at once, and per photo plain forms to
 * move it up or down, make it the cover (the first photo) or delete it. All of it works without
 * JavaScript; the page reloads with the new order.
 *
 * With JavaScript the chosen files go up as soon as they are chosen (issue 27: they sat "queued"
 * until a second tap), each in a request of its own (XMLHttpRequest, to
 * /host/objects/{id}/photo/upload), so every file has its own progress bar and its own message: a
 * file over 20 MB, too small or not an image is refused by name while the others go on. The
 * step's "Continue" belongs to this form (PHOTO_FORM_ID): without JavaScript it sends the files
 * still chosen along with it, and with JavaScript it waits for the uploads under way. The photos can also be dragged into a new order (by their handle, with a mouse or a
 * finger); the order is saved through the same move endpoint as the buttons, which stay for the
 * keyboard.
 */

type UploadStatus = "waiting" | "uploading" | "processing" | "done" | "error";
type Upload = { key: string; file: File; url: string; status: UploadStatus; progress: number; message?: string };
type UploadAnswer = { rejected?: PhotoUploadResponse["rejected"]; error?: string };

let uploadKey = 0;

/** The upload form's id: the step's "Continue" button submits this form (the files with it). */
export const PHOTO_FORM_ID = "photo-upload-form";

/** One file, one request: resolves with the answer's status and JSON (status 0: the request failed). */
function send(url: string, file: File, onProgress: (loaded: number) => void): Promise<{ status: number; body: UploadAnswer | null }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => event.lengthComputable && onProgress(event.loaded / event.total));
    xhr.upload.addEventListener("load", () => onProgress(1));
    xhr.addEventListener("load", () => resolve({ status: xhr.status, body: xhr.response as UploadAnswer | null }));
    xhr.addEventListener("error", () => resolve({ status: 0, body: null }));
    xhr.addEventListener("abort", () => resolve({ status: 0, body: null }));
    const body = new FormData();
    body.append("photos", file, file.name);
    xhr.send(body);
  });
}

/** What the server would refuse anyway, said before the bytes travel: too big, or plainly not an image. */
function refusedHere(file: File, locale: "ru" | "en" | "ky"): string | undefined {
  if (file.size > PHOTO_MAX_BYTES) return LISTING_MESSAGES.photoTooBig[locale];
  if (file.type && !file.type.startsWith("image/")) return LISTING_MESSAGES.photoType[locale];
  return undefined;
}

export function PhotoManager({ listing, rejected }: { listing: Listing; rejected: PhotoUploadResponse["rejected"] }) {
  const { t } = useTranslation("listing");
  const { locale, path } = useLocale();
  const photos = listing.photos;
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  // ── Uploads with JavaScript ──
  const revalidator = useRevalidator();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  // The uploads under way, if any: "Continue" waits for them (answers whether all went up).
  const running = useRef<Promise<boolean> | null>(null);

  function choose(files: FileList | null) {
    if (busy) return;
    previews.current.forEach((url) => URL.revokeObjectURL(url));
    const chosen = [...(files ?? [])].map((file): Upload => {
      const message = refusedHere(file, locale);
      return { key: `u${uploadKey++}`, file, url: URL.createObjectURL(file), status: message ? "error" : "waiting", progress: 0, message };
    });
    previews.current = chosen.map((c) => c.url);
    setUploads(chosen);
    setSummary("");
    if (chosen.some((u) => u.status === "waiting")) running.current = uploadAll(chosen).finally(() => (running.current = null));
  }

  /** "Continue" with JavaScript: after the uploads under way, the form goes as without it (nothing left to send). */
  function submitted(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = event.currentTarget;
    if (!running.current) return;
    event.preventDefault();
    void running.current.then((allUp) => {
      if (allUp) form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
    });
  }

  async function uploadAll(chosen: Upload[]): Promise<boolean> {
    const queue = chosen.filter((u) => u.status === "waiting");
    setBusy(true);
    setSummary("");
    const url = path(`/host/objects/${listing.id}/photo/upload`);
    let done = 0;
    let failed = chosen.filter((u) => u.status === "error").length;
    for (const item of queue) {
      patch(item.key, { status: "uploading", progress: 0 });
      const { status, body } = await send(url, item.file, (progress) => patch(item.key, { progress, status: progress >= 1 ? "processing" : "uploading" }));
      const refusal = body?.rejected?.[0]?.message ?? body?.error;
      if (status === 200 && body && !refusal) {
        patch(item.key, { status: "done", progress: 1 });
        done++;
      } else {
        patch(item.key, { status: "error", message: refusal ?? t("photos.failed") });
        failed++;
      }
    }
    if (input.current) input.current.value = "";
    setBusy(false);
    setSummary(t("photos.summary", { done, failed }));
    if (done) revalidator.revalidate();
    return failed === 0;
  }

  // ── Drag and drop with JavaScript ──
  const mover = useFetcher<{ kind?: string }>();
  const [order, setOrder] = useState<number[] | null>(null);
  const orderRef = useRef<number[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const saved = photos.map((p) => p.id).join(",");
  // The server's order arrived (or the move failed): it replaces the one shown while dragging.
  useEffect(() => {
    orderRef.current = null;
    setOrder(null);
  }, [saved, mover.data]);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = order ? order.map((id) => byId.get(id)).filter((p) => p !== undefined) : photos;

  // The drag follows the pointer on the window, not by pointer capture: the list is reordered
  // under the finger, and a moved element would lose the capture.
  const dragRef = useRef<{ id: number; pointerId: number } | null>(null);
  const photosRef = useRef(photos);
  photosRef.current = photos;
  const submitMove = mover.submit;

  function dragStart(event: ReactPointerEvent<HTMLElement>, id: number) {
    if (event.button !== 0 || mover.state !== "idle" || dragRef.current) return;
    event.preventDefault();
    dragRef.current = { id, pointerId: event.pointerId };
    orderRef.current = shown.map((p) => p.id);
    setOrder(orderRef.current);
    setDragging(id);
    const move = (e: PointerEvent) => {
      if (e.pointerId === dragRef.current?.pointerId) dragMove(e);
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== dragRef.current?.pointerId) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      dragEnd();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  }

  function dragMove(event: PointerEvent) {
    const list = orderRef.current;
    const id = dragRef.current?.id;
    if (id === undefined || !list) return;
    // Near the screen's edge the page scrolls, so a photo can travel down a long list on a phone.
    if (event.clientY < 56) window.scrollBy(0, -12);
    else if (event.clientY > window.innerHeight - 56) window.scrollBy(0, 12);
    const over = document
      .elementsFromPoint(event.clientX, event.clientY)
      .map((element) => element.closest<HTMLElement>("[data-photo-id]"))
      .find((element) => element !== null);
    const overId = Number(over?.dataset.photoId);
    if (!overId || overId === id || !list.includes(overId)) return;
    const next = list.filter((other) => other !== id);
    next.splice(list.indexOf(overId), 0, id);
    orderRef.current = next;
    setOrder(next);
  }

  function dragEnd() {
    const id = dragRef.current?.id;
    const list = orderRef.current;
    dragRef.current = null;
    setDragging(null);
    if (id === undefined || !list) return;
    const to = list.indexOf(id);
    if (to === photosRef.current.findIndex((p) => p.id === id)) {
      orderRef.current = null;
      setOrder(null);
      return;
    }
    submitMove({ intent: "position", photoId: String(id), position: String(to) }, { method: "post" });
  }

  const small = "inline-flex min-h-10 items-center rounded-full px-3 text-xs font-medium ring-1 ring-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:opacity-40";
  const statusText = (u: Upload) => (u.status === "error" ? u.message : u.status === "uploading" ? `${Math.round(u.progress * 100)}%` : t(`photos.${u.status}`));
  return (
    <div className="mt-4 space-y-5">
      <Form
        method="post"
        encType="multipart/form-data"
        className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-4"
        data-testid="photo-upload"
        id={PHOTO_FORM_ID}
        onSubmit={scripted ? submitted : undefined}
      >
        <label htmlFor="photos-input" className="field-label">
          {t("photos.label")}
        </label>
        <input
          ref={input}
          id="photos-input"
          type="file"
          name="photos"
          multiple
          accept={[...PHOTO_TYPES, ".heic", ".heif"].join(",")}
          aria-describedby="photos-hint"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:text-white"
          onChange={(event) => choose(event.currentTarget.files)}
          disabled={busy}
        />
        <p id="photos-hint" className="mt-2 text-xs text-stone-600">
          {t("photos.hint")}
        </p>
        {uploads.length ? (
          <ul className="mt-3 space-y-2" data-testid="photo-chosen" aria-label={t("photos.chosen")}>
            {uploads.map((u) => (
              <li key={u.key} className="flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-stone-200" data-testid="upload-item" data-status={u.status}>
                {/* A background, not an <img>: a file that is no picture leaves a plain tile, not a broken image. */}
                <span aria-hidden="true" className="h-12 w-16 shrink-0 rounded-lg bg-stone-200 bg-cover bg-center" style={{ backgroundImage: `url("${u.url}")` }} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-stone-900">{u.file.name}</p>
                  {u.status === "uploading" || u.status === "processing" || u.status === "done" ? (
                    <div
                      role="progressbar"
                      aria-label={t("photos.progress", { name: u.file.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(u.progress * 100)}
                      className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-200"
                    >
                      <div className={`h-full rounded-full transition-[width] ${u.status === "done" ? "bg-emerald-600" : "bg-brand-600"}`} style={{ width: `${Math.round(u.progress * 100)}%` }} />
                    </div>
                  ) : null}
                  <p className={`mt-0.5 text-xs ${u.status === "error" ? "text-red-700" : u.status === "done" ? "text-emerald-800" : "text-stone-600"}`} data-testid="upload-status">
                    {statusText(u)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="sr-only" aria-live="polite" data-testid="upload-summary">
          {summary}
        </p>
        {scripted ? (
          busy ? (
            <p className="mt-3 text-sm text-stone-700" data-testid="photo-uploading">
              {t("photos.uploading", { name: uploads.find((u) => u.status === "uploading" || u.status === "processing")?.file.name ?? "" })}
            </p>
          ) : null
        ) : (
          <SubmitButton name="intent" value="upload" className="btn-secondary mt-3 min-h-11">
            {t("photos.upload")}
          </SubmitButton>
        )}
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

      <div>
        <p className="text-sm text-stone-600" data-testid="photo-count">
          {photos.length ? t("photos.count", { n: photos.length }) : t("photos.none")}
        </p>
        {scripted && photos.length > 1 ? <p className="mt-1 text-sm text-stone-600">{t("photos.dragHint")}</p> : null}
        <p className="mt-1 text-sm" aria-live="polite" data-testid="photo-order-status">
          {mover.state !== "idle" ? <span className="text-stone-600">{t("photos.saving")}</span> : mover.data?.kind === "moveFailed" ? <span className="text-red-700">{t("photos.moveFailed")}</span> : null}
        </p>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2" data-testid="photo-list">
        {shown.map((photo, index) => (
          <li
            key={photo.id}
            className={`overflow-hidden rounded-2xl bg-white ring-1 ${dragging === photo.id ? "opacity-70 ring-2 ring-brand-600" : "ring-stone-200"}`}
            data-testid="photo-item"
            data-photo-id={photo.id}
          >
            <div className="relative aspect-[3/2] bg-stone-100">
              <img src={photo.url} srcSet={photo.srcset} sizes="(min-width: 640px) 320px, 100vw" alt={t("photos.photo", { n: index + 1 })} className="h-full w-full object-cover" loading="lazy" draggable={false} />
              {index === 0 ? <span className="absolute left-2 top-2 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-stone-900">{t("photos.cover")}</span> : null}
              {scripted && shown.length > 1 ? (
                // For a pointer only: the buttons below do the same from the keyboard.
                <div
                  aria-hidden="true"
                  className="absolute right-2 top-2 flex min-h-11 cursor-grab touch-none select-none items-center gap-1.5 rounded-full bg-white/95 px-3 text-xs font-semibold text-stone-900 shadow-sm active:cursor-grabbing"
                  data-testid="photo-drag"
                  onPointerDown={(event) => dragStart(event, photo.id)}
                >
                  <svg viewBox="0 0 16 16" className="h-4 w-4" fill="currentColor">
                    <circle cx="5" cy="3" r="1.5" />
                    <circle cx="11" cy="3" r="1.5" />
                    <circle cx="5" cy="8" r="1.5" />
                    <circle cx="11" cy="8" r="1.5" />
                    <circle cx="5" cy="13" r="1.5" />
                    <circle cx="11" cy="13" r="1.5" />
                  </svg>
                  {t("photos.drag")}
                </div>
              ) : null}
            </div>
            <Form method="post" className="flex flex-wrap gap-1.5 p-2">
              <input type="hidden" name="photoId" value={photo.id} />
              <button type="submit" name="intent" value="up" className={small} disabled={index === 0} aria-label={`${t("photos.moveUp")}: ${t("photos.photo", { n: index + 1 })}`}>
                {t("photos.moveUp")}
              </button>
              <button type="submit" name="intent" value="down" className={small} disabled={index === shown.length - 1} aria-label={`${t("photos.moveDown")}: ${t("photos.photo", { n: index + 1 })}`}>
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
