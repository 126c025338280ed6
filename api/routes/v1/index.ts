/** Everything under /api/v1, one module per path area: add a new area here. */
import { Hono } from "hono";
import type { AccountDeps, ApiEnv } from "../../lib/context";
import { countryRoutes } from "./country";
import { favoriteRoutes } from "./favorites";
import { guestContentRoutes } from "./guest/content";
import { guestDirectoryRoutes } from "./guest/directory";
import { guestEstateRoutes } from "./guest/estate";
import { bookingRoutes } from "./booking";
import { calendarFeedRoutes } from "./calendar-feed";
import { chatRoutes } from "./chat";
import { hostBookingRoutes } from "./host-booking";
import { hostObjectRoutes } from "./host/objects";
import { hostCalendarRoutes } from "./host-calendar";
import { operatorRoutes } from "./operator";
import { operatorPayoutRoutes } from "./operator-payouts";
import { hostEarningsRoutes } from "./host-earnings";
import { notificationRoutes } from "./notifications";
import { transactionRoutes } from "./transactions";
import { mailSettingsRoutes, mailUnsubscribeRoutes } from "./mail-settings";
import { profileRoutes } from "./profile";
import { socketRoutes } from "./socket";
import { userRoutes } from "./users";

export function v1Routes(deps: AccountDeps) {
  return new Hono<ApiEnv>()
    .route("/guest/estate", guestEstateRoutes(deps))
    .route("/guest", guestDirectoryRoutes(deps))
    .route("/guest", guestContentRoutes(deps))
    .route("/country", countryRoutes(deps))
    .route("/profile", profileRoutes(deps))
    .route("/profile", mailSettingsRoutes(deps))
    .route("/mail", mailUnsubscribeRoutes(deps))
    .route("/booking", bookingRoutes(deps))
    .route("/host/booking", hostBookingRoutes(deps))
    .route("/host/objects", hostObjectRoutes(deps))
    .route("/host/calendar", hostCalendarRoutes(deps))
    .route("/calendar", calendarFeedRoutes(deps))
    .route("/host/earnings", hostEarningsRoutes(deps))
    .route("/operator/payouts", operatorPayoutRoutes(deps))
    .route("/operator", operatorRoutes(deps))
    .route("/transactions", transactionRoutes(deps))
    .route("/favorites", favoriteRoutes(deps))
    .route("/chat", chatRoutes(deps))
    .route("/socket", socketRoutes(deps))
    .route("/users", userRoutes(deps))
    .route("/", notificationRoutes(deps));
}
