import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath } from "~/i18n/config";
import { endSession } from "~/lib/auth.server";
import { localeFromParams } from "~/lib/request.server";

/** Signing out is a POST only: a GET (a link, an image) from another site must not sign anyone out. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const headers = await endSession(request, context);
  return redirect(localizePath("/", localeFromParams(params)), { headers });
}

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(localizePath("/", localeFromParams(params)));
}
