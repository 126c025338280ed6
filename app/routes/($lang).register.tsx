import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SignupPage } from "~/components/auth/signup-page";
import { signupAction, signupLoader } from "~/routes-server/($lang).sms.server";

/** Sign-up step 1 (phone, then the SMS code) for visitors only; see app/routes-server/($lang).sms.server.ts. */
export const loader = (args: LoaderFunctionArgs) => signupLoader(args, "referral");
export const action = (args: ActionFunctionArgs) => signupAction(args, "referral");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

export default function Register() {
  return <SignupPage />;
}
