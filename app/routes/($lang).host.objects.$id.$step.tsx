import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useTranslation } from "~/i18n/use-translation";
import {
  hasStep,
  isFormStep,
  isStepId,
  nextStep,
  previousStep,
  stepSchemas,
  type FormStepId,
  type Listing,
  type PhotoUploadResponse,
  type StepId,
} from "../../contract/listing-steps";
import { stepTitle } from "../../contract/listing-text";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { HostNav } from "~/components/host/host-nav";
import { PHOTO_FORM_ID, PhotoManager } from "~/components/host/photo-manager";
import { StepFields, type Fields, type StepOptions } from "~/components/host/step-fields";
import { WizardProgress } from "~/components/host/wizard-progress";
import { ReviewNotice } from "~/components/host/review-notice";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import type { SignedIn } from "~/lib/auth.server";
import { todayInBishkek } from "../../contract/dates";
import { replyWithApiError } from "~/lib/forms.server";
import { loadOwnListing, overviewPath, requireHost, stepPath } from "~/lib/listing.server";
import { endpoints } from "../../contract/endpoints";

/**
 * One step of the listing wizard, /host/objects/{id}/{step}: a plain HTML form per step (the
 * step's fields from contract/listing-steps.ts, validated there on the server and again by the
 * API). "Save and continue" saves and moves on; "Back" saves what is valid and goes back, and
 * shows the form again with everything typed when it is not. The photo, preview and congrats
 * steps have their own forms (upload, reorder, publish).
 */

function stepOf(listing: Listing, raw: string | undefined): StepId {
  if (!isStepId(raw) || !hasStep(listing.kind, raw)) throw new Response("Not Found", { status: 404 });
  return raw;
}

/**
 * `?keep=` with the ids a listing already has: an entry the operator retired since is still offered
 * to this listing, shown chosen, so saving the step keeps it (decision 0076).
 */
const keep = (...lists: unknown[]) => {
  const ids = lists.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is number => Number.isInteger(v) && (v as number) > 0);
  return ids.length ? { keep: [...new Set(ids)].join(",") } : undefined;
};

async function optionsFor(signedIn: SignedIn, listing: Listing, step: StepId, tiles: StepOptions["tiles"]): Promise<StepOptions> {
  const api = signedIn.api;
  if (step === "type") {
    const { types } = await api.call(endpoints.guestTypes, { query: keep(listing.typeId) });
    const ofKind = types.filter((ty) => ty.kind === listing.kind);
    const subtypes = await Promise.all(ofKind.map((ty) => api.call(endpoints.guestSubtypes, { params: { id: ty.id }, query: keep(listing.values.type?.subtypeId) })));
    return { types: ofKind.map((ty, i) => ({ ...ty, subtypes: subtypes[i].subtypes })) };
  }
  if (step === "address") return { places: (await api.call(endpoints.hostPlaces)).places, tiles };
  if (step === "parameters" || step === "complex_parameters") {
    const saved = listing.values[step];
    const [parameters, nutrition] = await Promise.all([
      api.call(endpoints.guestParameters, { query: keep(listing.values.parameters?.parameterIds, listing.values.complex_parameters?.parameterIds) }),
      api.call(endpoints.guestNutrition, { query: keep(saved?.nutritionIds) }),
    ]);
    return { parameters: parameters.subtypes, nutrition: nutrition.types };
  }
  return {};
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const listing = await loadOwnListing(signedIn, params.id);
  const step = stepOf(listing, params.step);
  let options: StepOptions;
  try {
    options = await optionsFor(signedIn, listing, step, { url: context.config.mapTileUrl, attribution: context.config.mapTileAttribution });
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(signedIn.locale, "listing");
  const title = `${stepTitle(step, signedIn.locale)} — ${listing.title || t("objects.untitled")} — Konok`;
  const description = t("wizard.metaDescription", { step: stepTitle(step, signedIn.locale) });
  return data({ listing, step, options, title, description }, { headers: await signedIn.headers() });
}

// No robots tag: only its host ever sees this page; a crawler gets the sign-in redirect, which says noindex (decision 0060).
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, ...(data ? [{ name: "description", content: data.description }] : [])];

type ActionResult =
  | { kind: "form"; reply: SubmissionResult<string[]> }
  | { kind: "photos"; rejected: PhotoUploadResponse["rejected"] }
  | { kind: "moveFailed"; message: string }
  | { kind: "publish"; missing: StepId[]; message: string };

/** The photo step's buttons that move a photo (the API's `to`). */
const PHOTO_MOVES = ["up", "down", "cover"] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const listing = await loadOwnListing(signedIn, params.id);
  const step = stepOf(listing, params.step);
  const locale = signedIn.locale;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const go = async (to: StepId | null) =>
    redirect(to ? stepPath(locale, listing.id, to) : overviewPath(locale, listing.id), { headers: await signedIn.headers() });
  const answer = async (result: ActionResult, status = 422) => data(result, { status, headers: await signedIn.headers() });

  try {
    // "Upload", or "Continue" with files chosen and not yet sent (without JavaScript "Continue"
    // belongs to the upload form): the files go up first; "Continue" then moves on if all were taken.
    const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
    if (step === "photo" && (intent === "upload" || (intent === "save" && files.length))) {
      const upload = new FormData();
      for (const file of files) upload.append("photos", file, file.name);
      const { rejected } = await signedIn.api.call(endpoints.hostListingPhotos, { params: { id: listing.id }, body: upload });
      if (rejected.length) return answer({ kind: "photos", rejected });
      if (intent === "upload") return redirect(stepPath(locale, listing.id, step), { headers: await signedIn.headers() });
    }
    if (step === "photo" && intent === "position") {
      // Drag and drop (with JavaScript, through a fetcher): the photo goes to a position from 0.
      const photoId = String(form.get("photoId") ?? "");
      const position = Number(form.get("position"));
      try {
        await signedIn.api.call(endpoints.hostListingPhotoMove, { params: { id: listing.id, photoId }, body: { to: position } });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return answer({ kind: "moveFailed", message: error.message });
        throw error;
      }
      return redirect(stepPath(locale, listing.id, step), { headers: await signedIn.headers() });
    }
    const move = PHOTO_MOVES.find((m) => m === intent);
    if (step === "photo" && (move || intent === "delete")) {
      const photoId = String(form.get("photoId") ?? "");
      const photo = { id: listing.id, photoId };
      if (move) await signedIn.api.call(endpoints.hostListingPhotoMove, { params: photo, body: { to: move } });
      else await signedIn.api.call(endpoints.hostListingPhotoRemove, { params: photo });
      return redirect(stepPath(locale, listing.id, step), { headers: await signedIn.headers() });
    }
    if (step === "preview" && intent === "publish") {
      await signedIn.api.call(endpoints.hostListingPublish, { params: { id: listing.id } });
      return go("congrats");
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && step === "preview") {
      return answer({ kind: "publish", missing: (error.errors.steps ?? []) as StepId[], message: error.message });
    }
    if (error instanceof ApiError && error.status === 409 && step === "preview") return answer({ kind: "publish", missing: [], message: error.message });
    if (error instanceof ApiError && error.status === 422 && step === "photo") return answer({ kind: "photos", rejected: [{ name: "", message: error.message }] });
    // The photo storage down for now (503): its message, to try again, beside the form rather than the error page.
    if (error instanceof ApiError && error.status === 503 && step === "photo" && intent === "upload") return answer({ kind: "photos", rejected: [{ name: "", message: error.message }] }, 503);
    throw routeErrorFrom(error);
  }

  const target = intent === "back" ? previousStep(listing.kind, step) : nextStep(listing.kind, step);
  if (!isFormStep(step) || step === "photo") {
    // Explaining screens are "done" once seen; the photo step is done when it has a photo.
    if (step !== "congrats" && step !== "preview" && (intent !== "back" || step !== "photo")) {
      try {
        await signedIn.api.call(endpoints.hostListingStep, { params: { id: listing.id, step }, body: {} });
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && intent !== "back") return answer({ kind: "photos", rejected: [{ name: "", message: error.message }] });
        if (!(error instanceof ApiError && error.status === 422)) throw routeErrorFrom(error);
      }
    }
    return go(target);
  }

  const schema = stepSchemas(locale, todayInBishkek())[step as FormStepId];
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return answer({ kind: "form", reply: submission.reply() });
  try {
    await signedIn.api.call(endpoints.hostListingStep, { params: { id: listing.id, step }, body: submission.value });
  } catch (error) {
    const t = await getT(locale, ["listing", "common"]);
    // The API's field errors go next to the step's fields; a refined step's fields are its inner object's.
    const names = Object.keys(fieldsOf(schema));
    return answer({ kind: "form", reply: replyWithApiError(submission, error, { t, fields: Object.fromEntries(names.map((n) => [n, n])) }) });
  }
  return go(target);
}

/** The fields of a step's schema, through any refinements around its object. */
function fieldsOf(schema: z.ZodTypeAny): Record<string, unknown> {
  if (schema instanceof z.ZodEffects) return fieldsOf(schema.innerType());
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
}

/** Saved values as the form's starting point: numbers and flags the way an HTML form carries them. */
function initialValues(listing: Listing, step: StepId, options: StepOptions): Record<string, unknown> {
  const saved = { ...(listing.values[step] ?? {}) };
  // A known town is saved by its slug; the host reads its name in the page's language.
  const known = step === "address" ? options.places?.find((p) => p.slug === saved.place) : undefined;
  if (known) saved.place = known.name;
  if (step === "landlord_data") {
    // Masked on display: the host types the full numbers again to change them.
    delete saved.taxId;
    delete saved.payoutAccount;
  }
  if (step === "house_rules" && !listing.values.house_rules) Object.assign(saved, { checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00" });
  if (step === "price" && !listing.values.price) Object.assign(saved, { minNights: 1, maxNights: 30 });
  for (const [key, value] of Object.entries(saved)) {
    if (typeof value === "boolean") saved[key] = value ? "on" : undefined;
    else if (typeof value === "number") saved[key] = String(value);
    else if (Array.isArray(value)) saved[key] = value.map(String);
  }
  return saved;
}

export default function WizardStep() {
  const { listing, step, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("listing");
  const { locale, path } = useLocale();
  const [form, fields] = useForm({
    id: `step-${listing.id}-${step}`,
    lastResult: result?.kind === "form" ? result.reply : undefined,
    // Arrays (checkbox groups) are fine to conform; its type for a schema-less form only says strings.
    defaultValue: initialValues(listing, step, options) as Record<string, string>,
  });
  const previous = previousStep(listing.kind, step);
  const isInfo = !isFormStep(step);
  const noUnits = listing.kind === "complex" && listing.publishedUnits === 0;

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <HostNav />
      <WizardProgress listing={listing} step={step} />
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{stepTitle(step, locale)}</h1>
      {listing.title ? <p className="mt-1 text-sm text-stone-600">{listing.title}</p> : null}
      <ReviewNotice listing={listing} />

      {step.startsWith("intro") ? <p className="mt-4 text-base leading-relaxed text-stone-700">{t(`intro.${step}`)}</p> : null}

      {step === "photo" ? <PhotoManager listing={listing} rejected={result?.kind === "photos" ? result.rejected : []} /> : null}

      {step === "preview" ? (
        <div className="mt-4 space-y-4">
          <p className="text-stone-700">{t("preview.note")}</p>
          <Link to={path(`/host/objects/preview/${listing.id}`)} className="btn-secondary inline-flex min-h-11 items-center" data-testid="open-preview">
            {t("preview.open")}
          </Link>
          {result?.kind === "publish" ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="publish-missing">
              <p className="font-semibold">{result.missing.length ? t("preview.missing") : result.message}</p>
              <ul className="mt-2 list-disc pl-5">
                {result.missing.map((s) => (
                  <li key={s}>
                    <Link to={path(`/host/objects/${listing.id}/${s}`)} className="underline">
                      {stepTitle(s, locale)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}

      {step === "congrats" ? (
        <div className="mt-4 space-y-4" data-testid="congrats">
          {/* A complex without a published unit is neither found nor booked (decision 0037): say so, and offer the unit first. Waiting for review, the notice above says so instead. */}
          {listing.review ? null : (
            <p className="text-stone-700" data-testid="congrats-text">
              {noUnits ? t("congrats.complexWithoutUnits") : t("congrats.text")}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {noUnits ? (
              <Link to={`${path("/create")}?kind=complex.simple&parentId=${listing.id}`} className="btn-primary inline-flex min-h-11 items-center">
                {t("congrats.addUnit")}
              </Link>
            ) : null}
            {listing.status === "published" ? (
              <Link to={path(`/estates/${listing.slug}`)} className={`${noUnits ? "btn-secondary" : "btn-primary"} inline-flex min-h-11 items-center`}>
                {t("congrats.view")}
              </Link>
            ) : null}
            <Link to={path("/host/objects")} className="btn-secondary inline-flex min-h-11 items-center">
              {t("congrats.objects")}
            </Link>
            {listing.kind === "complex" && !noUnits ? (
              <Link to={`${path("/create")}?kind=complex.simple&parentId=${listing.id}`} className="btn-secondary inline-flex min-h-11 items-center">
                {t("congrats.addUnit")}
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4" data-testid="step-form">
          <FormAlert errors={form.errors} id={form.errorId} />
          {isInfo || step === "photo" ? null : (
            <StepFields step={step} fields={fields as unknown as Fields} options={options} maskedLandlord={step === "landlord_data" ? listing.values.landlord_data : undefined} />
          )}
          <div className="flex flex-wrap-reverse items-center justify-between gap-3 pt-2">
            {previous ? (
              <SubmitButton name="intent" value="back" className="btn-secondary min-h-11">
                {t("wizard.back")}
              </SubmitButton>
            ) : (
              <span />
            )}
            {step === "preview" ? (
              <SubmitButton name="intent" value="publish" className="btn-primary min-h-11">
                {t("preview.publish")}
              </SubmitButton>
            ) : (
              // On the photo step "Continue" submits the upload form: the files chosen and not yet sent go with it.
              <SubmitButton name="intent" value="save" className="btn-primary min-h-11" form={step === "photo" ? PHOTO_FORM_ID : undefined}>
                {isInfo ? t("wizard.continue") : t("wizard.save")}
              </SubmitButton>
            )}
          </div>
        </Form>
      )}
      <p className="mt-6 text-center">
        <Link to={localizePath(`/host/objects/${listing.id}`, locale)} className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-stone-600 underline-offset-4 hover:underline">
          {t("wizard.allSteps")}
        </Link>
      </p>
    </div>
  );
}
