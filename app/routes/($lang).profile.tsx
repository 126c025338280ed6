import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { ProfileNav } from "~/components/profile/profile-nav";
import type { loader as rootLoader } from "~/root";

/**
 * The frame of every /profile page: the account navigation and the page beside it. It has no
 * loader: each page guards itself (support is public), and the header's session user says
 * whether there is an account to navigate.
 */
export default function ProfileLayout() {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-5 sm:py-8 ${signedIn ? "md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]" : ""}`}>
      {signedIn ? <ProfileNav /> : null}
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
