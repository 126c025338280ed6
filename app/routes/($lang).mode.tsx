import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath } from "~/i18n/config";
import { requireUser, safeRedirect, toSessionUser } from "~/lib/auth.server";
import { commitSession } from "~/lib/session.server";
import { localeFromParams } from "~/lib/request.server";
import { readForm } from "~/lib/forms.server";
import { endpoints } from "../../contract/endpoints";

/** The header's guest/host switch (SPEC section 4: mode changes through a profile update). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const form = await readForm(request);
  const mode = form.get("mode") === "host" ? "host" : "guest";
  const { userData } = await signedIn.api.call(endpoints.profileUpdate, { body: { mode } });
  signedIn.session.set("user", toSessionUser(userData));
  const headers = await commitSession(signedIn.session, context);
  return redirect(safeRedirect(form.get("redirectTo"), localizePath("/", localeFromParams(params))), { headers });
}

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(localizePath("/", localeFromParams(params)));
}
