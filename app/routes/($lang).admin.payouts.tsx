import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { buttonClass, FieldError, inputClass, Notice, Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatDateTime, formatPrice } from "~/lib/format";
import { todayInBishkek } from "../../contract/dates";
import { readForm } from "~/lib/forms.server";
import { consoleError, notFoundResponse, replyFrom, requireOperator, type ActionReply } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta = adminMeta;


/**
 * `/admin/payouts?status=`: the host payout ledger per host, a payout run until a day, and the
 * runs' batches with their state; an open batch is confirmed with the bank transfer's reference
 * (the API and `npm run payouts` share the functions, decision 0063).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const status = new URL(request.url).searchParams.get("status");
  const filter = status === "open" || status === "paid" ? status : "";
  const [ledger, runs] = await Promise.all([
    signedIn.api.call(endpoints.operatorPayoutLedger),
    signedIn.api.call(endpoints.operatorPayouts, { query: { status: filter || undefined } }),
  ]).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ ledger, runs, filter, today: todayInBishkek(), title: `${t("payouts.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values = { intent, until: String(form.get("until") ?? ""), batch: String(form.get("batch") ?? ""), reference: String(form.get("reference") ?? "") };
  const here = localizePath("/admin/payouts", signedIn.locale);
  try {
    if (intent === "run") {
      const result = await signedIn.api.call(endpoints.operatorPayoutRun, { body: { until: values.until } });
      throw redirect(`${here}?done=run&count=${result.batches.length}`, { headers: await signedIn.headers() });
    }
    if (intent === "confirm" && /^\d{1,9}$/.test(values.batch)) {
      await signedIn.api.call(endpoints.operatorPayoutConfirm, { params: { id: values.batch }, body: { reference: values.reference } });
      throw redirect(`${here}?done=confirm`, { headers: await signedIn.headers() });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ActionReply>(replyFrom(error, values), { status: 422 });
  }
  throw notFoundResponse();
}

export default function AdminPayouts() {
  const { ledger, runs, filter, today } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  const failed = reply && !reply.ok ? reply : null;
  const done = search.get("done");
  const money = (n: number) => formatPrice(n, locale);
  const runFailed = failed?.values.intent === "run" ? failed : null;
  return (
    <div data-testid="admin-payouts">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("payouts.title")}</h1>
      {done === "run" ? (
        <Notice tone="ok" testId="action-done">
          {t("payouts.run.done", { count: Number(search.get("count") ?? "0") })}
        </Notice>
      ) : null}
      {done === "confirm" ? (
        <Notice tone="ok" testId="action-done">
          {t("payouts.confirm.done")}
        </Notice>
      ) : null}
      {failed && Object.keys(failed.errors).length === 0 ? (
        <Notice tone="error" testId="action-error">
          {failed.message}
        </Notice>
      ) : null}

      <Section title={t("payouts.ledger.title")} testId="payout-ledger">
        {ledger.hosts.length === 0 ? (
          <p className="text-sm text-stone-700">{t("payouts.ledger.empty")}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto px-4">
            <table className="w-full min-w-[34rem] text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("payouts.ledger.host")}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t("payouts.ledger.pending")}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t("payouts.ledger.payable")}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t("payouts.ledger.inOpenBatches")}</th>
                  <th scope="col" className="py-2 text-right font-medium">{t("payouts.ledger.paid")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {ledger.hosts.map((h) => (
                  <tr key={h.hostId} data-testid="ledger-row" data-host-id={h.hostId}>
                    <td className="py-2 pr-3">
                      <Link to={path(`/admin/users/${h.hostId}`)} className="text-brand-700 underline underline-offset-2">
                        {h.hostName || `#${h.hostId}`}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(h.pending)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(h.payable)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(h.inOpenBatches)}</td>
                    <td className="py-2 text-right tabular-nums">{money(h.paid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section title={t("payouts.run.title")} testId="payout-run">
        <p className="mb-3 text-sm text-stone-700">{t("payouts.run.hint")}</p>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="run" />
          <div>
            <label htmlFor="run-until" className="block text-sm font-medium text-stone-800">
              {t("payouts.run.until")}
            </label>
            <input
              id="run-until"
              type="date"
              name="until"
              defaultValue={runFailed?.values.until ?? today}
              aria-invalid={runFailed?.errors.until ? true : undefined}
              aria-describedby={runFailed?.errors.until ? "until-error" : undefined}
              className={inputClass}
            />
            <FieldError id="until-error" messages={runFailed?.errors.until} />
          </div>
          <button type="submit" className={buttonClass}>
            {t("payouts.run.submit")}
          </button>
        </Form>
      </Section>

      <Section title={t("payouts.batches.title")} testId="payout-batches">
        <nav aria-label={t("payouts.batches.filter")} className="mb-3 flex flex-wrap gap-2 text-sm">
          {(["", "open", "paid"] as const).map((s) => (
            <Link
              key={s || "all"}
              to={`${path("/admin/payouts")}${s ? `?status=${s}` : ""}`}
              aria-current={filter === s ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 ring-1 ${filter === s ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300"}`}
            >
              {t(`payouts.batches.${s || "all"}`)}
            </Link>
          ))}
        </nav>
        {runs.batches.length === 0 ? (
          <p className="text-sm text-stone-700">{t("payouts.batches.empty")}</p>
        ) : (
          <ul className="divide-y divide-stone-200" data-testid="batches-list">
            {runs.batches.map((b) => {
              const mine = failed?.values.intent === "confirm" && failed.values.batch === String(b.id) ? failed : null;
              return (
                <li key={b.id} className="py-3 text-sm" data-testid="batch-row" data-status={b.status} data-batch-id={b.id}>
                  <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className="font-semibold text-stone-900">{t("payouts.batches.number", { id: b.id })}</span>
                    <span className="font-semibold">{money(b.amount)}</span>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${b.status === "paid" ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}>
                      {t(`payouts.batches.${b.status}`)}
                    </span>
                  </p>
                  <p className="mt-1 text-stone-700">
                    <Link to={path(`/admin/users/${b.hostId}`)} className="text-brand-700 underline underline-offset-2">
                      {b.hostName || `#${b.hostId}`}
                    </Link>{" "}
                    · {t("payouts.batches.lines", { count: b.lines })} · {t("payouts.batches.until", { date: formatDate(b.until, locale) })} · {formatDateTime(b.createdAt, locale)}
                  </p>
                  <p className="text-stone-700">
                    {b.recipient ? t("payouts.batches.recipient", { name: b.recipient }) : null}
                    {!b.hasPayoutDetails ? <span className="font-medium text-red-800"> {t("payouts.batches.noDetails")}</span> : null}
                  </p>
                  {b.status === "paid" ? (
                    <p className="text-stone-700">{t("payouts.batches.paidWith", { reference: b.reference ?? "", date: b.paidAt ? formatDateTime(b.paidAt, locale) : "" })}</p>
                  ) : (
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
                      <input type="hidden" name="intent" value="confirm" />
                      <input type="hidden" name="batch" value={b.id} />
                      <div>
                        <label htmlFor={`reference-${b.id}`} className="block text-sm font-medium text-stone-800">
                          {t("payouts.confirm.reference")}
                        </label>
                        <input
                          id={`reference-${b.id}`}
                          name="reference"
                          maxLength={200}
                          defaultValue={mine?.values.reference ?? ""}
                          aria-invalid={mine?.errors.reference ? true : undefined}
                          aria-describedby={mine?.errors.reference ? `reference-${b.id}-error` : undefined}
                          className={inputClass}
                        />
                        <FieldError id={`reference-${b.id}-error`} messages={mine?.errors.reference} />
                      </div>
                      <button type="submit" className={buttonClass}>
                        {t("payouts.confirm.submit")}
                      </button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </div>
  );
}
