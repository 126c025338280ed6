/**
 * The boundary between the web app and the API, written once (issue 28, decision 0078): every
 * endpoint the web app calls, with its method, its path as the Hono route registers it (`:name`
 * for a parameter, `{regex}` after it when the route constrains it), the types of its query and
 * body (from the contract's zod schemas where the API validates with one) and the type of the
 * `data` of its `{ success: true, data }` answer.
 *
 * The app's client (`app/lib/api.server.ts`) takes an entry and returns its answer's type; the
 * API's handlers answer through `ok(c, entry, data)` (`api/lib/respond.ts`) and take their paths
 * from the entries (`api/lib/endpoint-path.ts`), so a changed answer type here fails the typecheck
 * on both sides. `tests/unit/endpoints.test.ts` holds the map and the registered routes equal.
 *
 * At run time an entry is only its method and path: the request and answer are types (`io`, an
 * empty object), so the map costs the browser bundle nothing and the render path no parsing.
 * Adding an endpoint is one line here.
 */
import type { z } from "zod";
import type {
  AuthTokens,
  CodeSentResponse,
  DeletionPlan,
  InvitedUser,
  LoginResponse,
  NotificationItem,
  PageData,
  ReferralInfo,
  UnreadData,
  UserData,
  changePasswordSchema,
  codeOnlySchema,
  emailConfirmSchema,
  emailLinkSchema,
  loginSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  resetSendCodeSchema,
  resetVerifyCodeSchema,
  sendPhoneCodeSchema,
  verifyPhoneCodeSchema,
} from "./account";
import type { Booking, BookingList, CancelReasonsResponse, PayCheckResponse, PayResponse, Transaction, bookingListQuerySchema, cancelBookingSchema, createBookingSchema } from "./booking";
import type { CalendarSyncState, calendarFeedRenewSchema, calendarImportSchema, calendarSyncQuerySchema } from "./calendar-sync";
import type { ChatMessage, ChatSummary, ChatThread, chatListQuerySchema, sendMessageSchema, startChatSchema, threadQuerySchema } from "./chat";
import type { Paginated, paginationSchema } from "./common";
import type { ArticleListResponse, ArticleResponse, FaqResponse, LegalDocumentResponse, PromoResponse, RouteRulesResponse, SitemapResponse, articleListQuerySchema } from "./content";
import type { ContactsResponse, MobileAppsResponse, NutritionResponse, ParametersResponse, PhoneDataResponse, SubtypesResponse, TypesResponse } from "./directory";
import type { AvailableDatesResponse, ByIdsResponse, ComplexResponse, EstateCard, EstateResponse, MapSearchResponse, ReviewsResponse, SearchResponse, availableDatesQuerySchema, byIdsRequestSchema, searchFilterSchema, searchRequestSchema } from "./estate";
import type { FavoriteIdsResponse, FavoriteToggleResponse, FavoritesMergeResponse, FavoritesResponse, favoritesMergeSchema } from "./favorites";
import type {
  HostBooking,
  HostBookingList,
  HostCalendar,
  HostEarnings,
  HostEstateOption,
  availabilityRulesChangeSchema,
  calendarChangeSchema,
  hostBookingListQuerySchema,
  hostCalendarQuerySchema,
} from "./host";
import type {
  FormStepId,
  HostListingsPage,
  ListingResponse,
  ListingsResponse,
  PhotoUploadResponse,
  PlacesResponse,
  StepSchemas,
  createListingSchema,
  hostListingsQuerySchema,
  movePhotoSchema,
} from "./listing-steps";
import type { MailSettings, mailSettingsSchema, unsubscribeSchema } from "./mail";
import type {
  AuditPage,
  BlockResult,
  OperatorBookingDetail,
  OperatorBookingList,
  OperatorDashboard,
  OperatorListingDetail,
  OperatorListingList,
  OperatorReviewList,
  OperatorUserDetail,
  OperatorUserList,
  auditQuerySchema,
  blockUserSchema,
  cancelBookingSchema as operatorCancelSchema,
  hideReviewSchema,
  listQuerySchema,
  listingQuerySchema,
  listingReasonSchema,
  reviewQuerySchema,
  showReviewSchema,
  unblockUserSchema,
} from "./operator";
import type {
  CONTACT_SAVE_SCHEMAS,
  CONTACT_SCHEMAS,
  CONTENT_SAVE_SCHEMAS,
  CONTENT_SCHEMAS,
  ContactGroup,
  ContactsAdminResponse,
  ContentItemResponse,
  ContentKind,
  ContentListResponse,
  CreatableKind,
  RouteRuleListResponse,
  RouteRuleRow,
  editVersionSchema,
  routeRuleSaveSchema,
  routeRuleSchema,
} from "./operator-content";
import type { DIRECTORY_CREATE_SCHEMAS, DIRECTORY_SAVE_SCHEMAS, DirectoryAdminResponse, DirectoryEntryResponse, DirectoryKind } from "./operator-directory";
import type { OperatorPayoutBatches, OperatorPayoutLedger } from "./payouts";
import type { UserProfile, replySchema, reviewSchema } from "./reviews";
import type { AvailabilityRules } from "./availability-rules";
import type { EstateStatus, ListingReviewState } from "./estate-statuses";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** What one query parameter may be given as: it travels as text, and the API's schema reads it. */
export type QueryValue = string | number | boolean | null | undefined;

/** An endpoint's request and answer, for the compiler only. */
export type Io = { answer: unknown; query?: Record<string, QueryValue>; body?: unknown };
export type Endpoint<M extends Method = Method, P extends string = string, T extends Io = Io> = { readonly method: M; readonly path: P; readonly io: T };

/** The `data` of an endpoint's successful answer. */
export type AnswerOf<E extends Endpoint> = E["io"]["answer"];
/** The body an endpoint takes. */
export type BodyOf<E extends Endpoint> = E["io"] extends { body: infer B } ? B : never;
/** The names of a body's fields; of a body chosen by the path, the names of any one kind's (each kind's form lists its own). */
export type FieldName<B> = B extends unknown ? Extract<keyof B, string> : never;
/*
 * The three ways an entry's request is derived from a schema. The API's handlers read requests
 * through api/lib/request.ts (`bodyOf`, `fieldsOf`, `queryOf`), which apply the same rule to the
 * schema they validate with and require the result to be this entry's type, so the schema a
 * handler parses with and the request the web app is promised cannot drift apart.
 */
/** The body an endpoint takes: what its schema accepts (before defaults and coercion). */
export type Body<S extends z.ZodTypeAny> = z.input<S>;
/** The query an endpoint takes: its schema's names, each optional, as text or a number. */
export type Query<S extends z.ZodTypeAny | object> = { [K in keyof (S extends z.ZodTypeAny ? z.input<S> : S)]?: QueryValue };
/**
 * A form's fields passed on as typed, for the API's schema to read and to refuse beside the field
 * (the operator's and the calendar's forms): the names are checked here, the values are the API's
 * to judge. A text in every language (`title.ky` in the console's forms) is one text per language.
 * For a body chosen by the path (`/content/{kind}`), S is the union of the kinds' schemas and this
 * the union of their fields: it is taken kind by kind (distributive), not as the names all share.
 */
export type Fields<S extends z.ZodTypeAny> = S extends z.ZodTypeAny ? { [K in keyof z.input<S>]?: FieldText<z.input<S>[K]> } : never;
type FieldText<V> = V extends Record<string, unknown> ? { [L in keyof V]?: string } : string | number;

/** `keep=3,7`: the retired directory entries a listing still has, listed too (decision 0076). */
type KeepRetired = Query<{ keep: string }>;
/** Answers that say only which object changed. */
type Removed = { removed: true };
/** A listing after an operator's decision; `reviewState` (under LISTING_REVIEW) is null once nothing waits. */
type ListingState = { id: number; status: EstateStatus; reviewState?: ListingReviewState | null };
type ReviewState = { id: number; hidden: boolean };
/** The stay a card or an estate page is priced for (api/routes/v1/guest/estate-input.ts, stayInput). */
type StayQuery = Query<{ checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number }>;

export const endpoints = {
  // Accounts (api/routes/auth.ts)
  login: { method: "POST", path: "/api/login", io: {} as { body: Body<typeof loginSchema>; answer: LoginResponse } },
  logout: { method: "POST", path: "/api/logout", io: {} as { body: Body<typeof refreshSchema>; answer: Record<string, never> } },
  refreshToken: { method: "POST", path: "/api/refresh/token", io: {} as { body: Body<typeof refreshSchema>; answer: AuthTokens } },
  registerSendCode: { method: "POST", path: "/api/register/send_code", io: {} as { body: Body<typeof sendPhoneCodeSchema>; answer: CodeSentResponse } },
  registerVerifyCode: { method: "POST", path: "/api/register/verify_code", io: {} as { body: Body<typeof verifyPhoneCodeSchema>; answer: { verificationToken: string } } },
  register: { method: "POST", path: "/api/register", io: {} as { body: Body<typeof registerSchema>; answer: LoginResponse } },
  resetSendCode: { method: "POST", path: "/api/password/reset/send_code", io: {} as { body: Body<typeof resetSendCodeSchema>; answer: CodeSentResponse } },
  resetVerifyCode: { method: "POST", path: "/api/password/reset/verify_code", io: {} as { body: Body<typeof resetVerifyCodeSchema>; answer: { verificationToken: string } } },
  resetPassword: { method: "POST", path: "/api/password/reset", io: {} as { body: Body<typeof resetPasswordSchema>; answer: LoginResponse } },

  // Guest directory and search (api/routes/v1/guest/, api/routes/v1/country.ts, users.ts)
  guestTypes: { method: "GET", path: "/api/v1/guest/types", io: {} as { query: KeepRetired; answer: TypesResponse } },
  guestSubtypes: { method: "GET", path: "/api/v1/guest/subtypes/:id", io: {} as { query: KeepRetired; answer: SubtypesResponse } },
  guestParameters: { method: "GET", path: "/api/v1/guest/parameters", io: {} as { query: KeepRetired; answer: ParametersResponse } },
  guestNutrition: { method: "GET", path: "/api/v1/guest/nutrition_data", io: {} as { query: KeepRetired; answer: NutritionResponse } },
  guestMobileApps: { method: "GET", path: "/api/v1/guest/mobile-app", io: {} as { answer: MobileAppsResponse } },
  guestContacts: { method: "GET", path: "/api/v1/guest/contacts", io: {} as { answer: ContactsResponse } },
  countryPhoneData: { method: "GET", path: "/api/v1/country/phone_number_data", io: {} as { answer: PhoneDataResponse } },
  search: { method: "POST", path: "/api/v1/guest/estate", io: {} as { body: Body<typeof searchRequestSchema>; answer: SearchResponse } },
  searchMap: { method: "POST", path: "/api/v1/guest/estate/map", io: {} as { body: Body<typeof searchFilterSchema>; answer: MapSearchResponse } },
  mapCard: { method: "GET", path: "/api/v1/guest/estate/map/:id", io: {} as { query: StayQuery; answer: { estate: EstateCard } } },
  estatesByIds: { method: "POST", path: "/api/v1/guest/estate/by_ids", io: {} as { body: Body<typeof byIdsRequestSchema>; answer: ByIdsResponse } },
  availableDates: { method: "GET", path: "/api/v1/guest/estate/available_dates/:id", io: {} as { query: Query<typeof availableDatesQuerySchema>; answer: AvailableDatesResponse } },
  estateReviews: { method: "GET", path: "/api/v1/guest/estate/review/:id", io: {} as { query: Query<typeof paginationSchema>; answer: ReviewsResponse } },
  estate: { method: "GET", path: "/api/v1/guest/estate/:id", io: {} as { query: StayQuery; answer: EstateResponse } },
  /** A complex with its units (the mobile apps' page; the web app shows a complex through `estate`). */
  estateComplex: { method: "GET", path: "/api/v1/guest/estate/complex/:id", io: {} as { query: StayQuery; answer: ComplexResponse } },
  userProfile: { method: "GET", path: "/api/v1/users/:id", io: {} as { answer: { user: UserProfile } } },

  // Content (api/routes/v1/guest/content.ts)
  articles: { method: "GET", path: "/api/v1/guest/articles", io: {} as { query: Query<typeof articleListQuerySchema>; answer: ArticleListResponse } },
  article: { method: "GET", path: "/api/v1/guest/articles/:type/:slug", io: {} as { answer: ArticleResponse } },
  faq: { method: "GET", path: "/api/v1/guest/faq", io: {} as { answer: FaqResponse } },
  legal: { method: "GET", path: "/api/v1/guest/legal/:kind", io: {} as { answer: LegalDocumentResponse } },
  promo: { method: "GET", path: "/api/v1/guest/promo/:slug", io: {} as { answer: PromoResponse } },
  sitemapEstates: { method: "GET", path: "/api/v1/guest/sitemap/estates", io: {} as { query: Query<{ page: number; countOnly: number }>; answer: SitemapResponse } },
  /** The redirects the server entry applies before the web app (server/route-rules.ts). */
  routeRules: { method: "GET", path: "/api/v1/guest/route_rules", io: {} as { answer: RouteRulesResponse } },
  sitemapArticles: { method: "GET", path: "/api/v1/guest/sitemap/articles", io: {} as { answer: SitemapResponse } },

  // Profile (api/routes/v1/profile.ts, mail-settings.ts, v2/profile.ts)
  profileUser: { method: "GET", path: "/api/v1/profile/user", io: {} as { answer: { userData: UserData } } },
  profileUpdate: { method: "PUT", path: "/api/v1/profile/update", io: {} as { body: Body<typeof profileUpdateSchema>; answer: { userData: UserData } } },
  changePassword: { method: "PUT", path: "/api/v1/profile/change_password", io: {} as { body: Body<typeof changePasswordSchema>; answer: Record<string, never> } },
  phoneLinkSendCode: { method: "PUT", path: "/api/v1/profile/phone_number/link/send_code", io: {} as { body: Body<typeof sendPhoneCodeSchema>; answer: CodeSentResponse } },
  phoneLinkConfirm: { method: "PUT", path: "/api/v1/profile/phone_number/link/confirm", io: {} as { body: Body<typeof verifyPhoneCodeSchema>; answer: { userData: UserData } } },
  phoneUnlinkSendCode: { method: "PUT", path: "/api/v1/profile/phone_number/unlink/send_code", io: {} as { body: Record<string, never>; answer: CodeSentResponse } },
  phoneUnlinkConfirm: { method: "PUT", path: "/api/v1/profile/phone_number/unlink/confirm", io: {} as { body: Body<typeof codeOnlySchema>; answer: { userData: UserData } } },
  emailLinkSendCode: { method: "PUT", path: "/api/v1/profile/email/link/send_code", io: {} as { body: Body<typeof emailLinkSchema>; answer: CodeSentResponse } },
  emailLinkConfirm: { method: "PUT", path: "/api/v1/profile/email/link/confirm", io: {} as { body: Body<typeof emailConfirmSchema>; answer: { userData: UserData } } },
  deletionPlan: { method: "GET", path: "/api/v1/profile/delete_account", io: {} as { answer: DeletionPlan } },
  deletionSendCode: { method: "PUT", path: "/api/v1/profile/delete_account/send_code", io: {} as { body: Record<string, never>; answer: CodeSentResponse } },
  deletionConfirm: { method: "PUT", path: "/api/v1/profile/delete_account/confirm", io: {} as { body: Body<typeof codeOnlySchema>; answer: Record<string, never> } },
  invitedUsers: { method: "GET", path: "/api/v1/profile/referral/invited_users", io: {} as { query: Query<typeof paginationSchema>; answer: Paginated<InvitedUser> } },
  referralInfo: { method: "GET", path: "/api/v2/profile/referral/info", io: {} as { answer: ReferralInfo } },
  mailSettings: { method: "GET", path: "/api/v1/profile/mail_settings", io: {} as { answer: MailSettings } },
  mailSettingsSave: { method: "PUT", path: "/api/v1/profile/mail_settings", io: {} as { body: Body<typeof mailSettingsSchema>; answer: MailSettings } },
  mailUnsubscribe: { method: "POST", path: "/api/v1/mail/unsubscribe", io: {} as { body: Fields<typeof unsubscribeSchema>; answer: { kind: string } } },
  transactions: { method: "GET", path: "/api/v1/transactions", io: {} as { query: Query<typeof paginationSchema>; answer: Paginated<Transaction> } },
  notifications: { method: "GET", path: "/api/v1/notifications", io: {} as { query: Query<typeof paginationSchema>; answer: Paginated<NotificationItem> } },
  notificationsRead: { method: "PUT", path: "/api/v1/notifications/read", io: {} as { body: { ids?: number[] }; answer: Record<string, never> } },
  unreadData: { method: "GET", path: "/api/v1/unread_data", io: {} as { answer: UnreadData } },
  pageData: { method: "GET", path: "/api/v1/page_data", io: {} as { answer: PageData } },

  // Favorites (api/routes/v1/favorites.ts)
  favorites: { method: "GET", path: "/api/v1/favorites", io: {} as { query: Query<typeof paginationSchema>; answer: FavoritesResponse } },
  favoriteIds: { method: "GET", path: "/api/v1/favorites/ids", io: {} as { answer: FavoriteIdsResponse } },
  favoritesMerge: { method: "POST", path: "/api/v1/favorites/merge", io: {} as { body: Body<typeof favoritesMergeSchema>; answer: FavoritesMergeResponse } },
  favoriteAdd: { method: "POST", path: "/api/v1/favorites/:estateId", io: {} as { answer: FavoriteToggleResponse } },
  favoriteRemove: { method: "DELETE", path: "/api/v1/favorites/:estateId", io: {} as { answer: FavoriteToggleResponse } },

  // A guest's bookings (api/routes/v1/booking.ts)
  bookingCreate: { method: "POST", path: "/api/v1/booking", io: {} as { body: Body<typeof createBookingSchema>; answer: { booking: Booking } } },
  bookings: { method: "GET", path: "/api/v1/booking", io: {} as { query: Query<typeof bookingListQuerySchema>; answer: BookingList } },
  bookingCancelReasons: { method: "GET", path: "/api/v1/booking/cancel_reason", io: {} as { query: Query<{ type: string }>; answer: CancelReasonsResponse } },
  booking: { method: "GET", path: "/api/v1/booking/:id", io: {} as { answer: { booking: Booking } } },
  bookingCancel: { method: "POST", path: "/api/v1/booking/:id/cancel", io: {} as { body: Body<typeof cancelBookingSchema>; answer: { booking: Booking } } },
  bookingPay: { method: "POST", path: "/api/v1/booking/:id/pay", io: {} as { answer: PayResponse } },
  bookingPayCheck: { method: "POST", path: "/api/v1/booking/:id/pay/check", io: {} as { answer: PayCheckResponse } },
  bookingReview: { method: "POST", path: "/api/v1/booking/:id/review", io: {} as { body: Body<typeof reviewSchema>; answer: { booking: Booking } } },

  // A host's bookings, calendar and earnings (api/routes/v1/host-booking.ts, host-calendar.ts, host-earnings.ts)
  hostBookings: { method: "GET", path: "/api/v1/host/booking", io: {} as { query: Query<typeof hostBookingListQuerySchema>; answer: HostBookingList } },
  hostCancelReasons: { method: "GET", path: "/api/v1/host/booking/cancel_reason/list", io: {} as { query: Query<{ type: string }>; answer: CancelReasonsResponse } },
  hostBooking: { method: "GET", path: "/api/v1/host/booking/:id{[0-9]+}", io: {} as { answer: { booking: HostBooking } } },
  hostBookingConfirm: { method: "POST", path: "/api/v1/host/booking/:id/confirm", io: {} as { answer: { booking: HostBooking } } },
  hostBookingDecline: { method: "POST", path: "/api/v1/host/booking/:id/decline", io: {} as { body: Body<typeof cancelBookingSchema>; answer: { booking: HostBooking } } },
  hostBookingCancel: { method: "POST", path: "/api/v1/host/booking/:id/cancel", io: {} as { body: Body<typeof cancelBookingSchema>; answer: { booking: HostBooking } } },
  hostBookingReview: { method: "POST", path: "/api/v1/host/booking/:id/review", io: {} as { body: Body<typeof reviewSchema>; answer: { booking: HostBooking } } },
  hostBookingReply: { method: "POST", path: "/api/v1/host/booking/:id/reply", io: {} as { body: Body<typeof replySchema>; answer: { booking: HostBooking } } },
  hostCalendarEstates: { method: "GET", path: "/api/v1/host/calendar/estates", io: {} as { answer: { items: HostEstateOption[] } } },
  hostCalendar: { method: "GET", path: "/api/v1/host/calendar", io: {} as { query: Query<typeof hostCalendarQuerySchema>; answer: HostCalendar } },
  hostCalendarChange: { method: "POST", path: "/api/v1/host/calendar", io: {} as { body: Body<typeof calendarChangeSchema>; answer: { nights: number } } },
  hostCalendarRules: { method: "POST", path: "/api/v1/host/calendar/rules", io: {} as { body: Fields<typeof availabilityRulesChangeSchema>; answer: { rules: AvailabilityRules } } },
  hostCalendarSync: { method: "GET", path: "/api/v1/host/calendar/sync", io: {} as { query: Query<typeof calendarSyncQuerySchema>; answer: CalendarSyncState } },
  hostCalendarFeed: { method: "POST", path: "/api/v1/host/calendar/feed", io: {} as { body: Body<typeof calendarFeedRenewSchema>; answer: { feedPath: string } } },
  hostCalendarImport: { method: "POST", path: "/api/v1/host/calendar/imports", io: {} as { body: Body<typeof calendarImportSchema>; answer: { id: number; ok: boolean } } },
  hostCalendarImportSync: {
    method: "POST",
    path: "/api/v1/host/calendar/imports/:id{[0-9]{1,9}}/sync",
    io: {} as { query: Query<typeof calendarSyncQuerySchema>; answer: { id: number; ok: boolean } },
  },
  hostCalendarImportRemove: { method: "DELETE", path: "/api/v1/host/calendar/imports/:id{[0-9]{1,9}}", io: {} as { query: Query<typeof calendarSyncQuerySchema>; answer: Removed } },
  hostEarnings: { method: "GET", path: "/api/v1/host/earnings", io: {} as { answer: HostEarnings } },

  // A host's listings, the wizard (api/routes/v1/host/objects.ts)
  hostListings: { method: "GET", path: "/api/v1/host/objects", io: {} as { answer: ListingsResponse } },
  hostListingCreate: { method: "POST", path: "/api/v1/host/objects", io: {} as { body: Body<typeof createListingSchema>; answer: ListingResponse } },
  hostListingSearch: { method: "GET", path: "/api/v1/host/objects/search", io: {} as { query: Query<typeof hostListingsQuerySchema>; answer: HostListingsPage } },
  hostPlaces: { method: "GET", path: "/api/v1/host/objects/places", io: {} as { answer: PlacesResponse } },
  hostListing: { method: "GET", path: "/api/v1/host/objects/:id", io: {} as { answer: ListingResponse } },
  hostListingPreview: { method: "GET", path: "/api/v1/host/objects/:id/preview", io: {} as { answer: EstateResponse } },
  /** A step's fields: the path's step's schema in contract/listing-steps.ts (any step's here, that one's in the route); `{}` for a screen that only explains. */
  hostListingStep: { method: "PUT", path: "/api/v1/host/objects/:id/steps/:step", io: {} as { body: Body<StepSchemas[FormStepId]>; answer: ListingResponse } },
  /** Multipart: the photos as files (FormData). */
  hostListingPhotos: { method: "POST", path: "/api/v1/host/objects/:id/photos", io: {} as { body: FormData; answer: PhotoUploadResponse } },
  hostListingPhotoMove: { method: "POST", path: "/api/v1/host/objects/:id/photos/:photoId/move", io: {} as { body: Body<typeof movePhotoSchema>; answer: ListingResponse } },
  hostListingPhotoRemove: { method: "DELETE", path: "/api/v1/host/objects/:id/photos/:photoId", io: {} as { answer: ListingResponse } },
  hostListingPublish: { method: "POST", path: "/api/v1/host/objects/:id/publish", io: {} as { answer: ListingResponse } },
  hostListingUnpublish: { method: "POST", path: "/api/v1/host/objects/:id/unpublish", io: {} as { answer: ListingResponse } },
  hostListingDuplicate: { method: "POST", path: "/api/v1/host/objects/:id/duplicate", io: {} as { answer: ListingResponse } },
  hostListingRemove: { method: "DELETE", path: "/api/v1/host/objects/:id", io: {} as { answer: { deleted: number } } },

  // Conversations (api/routes/v1/chat.ts, socket.ts)
  chats: { method: "GET", path: "/api/v1/chat", io: {} as { query: Query<typeof chatListQuerySchema>; answer: { items: ChatSummary[]; page: number; hasMore: boolean } } },
  chatStart: { method: "POST", path: "/api/v1/chat", io: {} as { body: Body<typeof startChatSchema>; answer: { id: number } } },
  chat: { method: "GET", path: "/api/v1/chat/:id", io: {} as { query: Query<typeof threadQuerySchema>; answer: ChatThread } },
  chatSend: { method: "POST", path: "/api/v1/chat/:id/messages", io: {} as { body: Body<typeof sendMessageSchema>; answer: ChatMessage } },
  chatRead: { method: "PUT", path: "/api/v1/chat/:id/read", io: {} as { answer: { upToId: number | null } } },
  /** The realtime protocol's signature, answered bare (not in the envelope) as pusher-js expects it. */
  socketAuth: { method: "POST", path: "/api/v1/socket/auth", io: {} as { body: { socket_id: string; channel_name?: string }; answer: unknown } },

  // The operator's console (api/routes/v1/operator.ts, operator-payouts.ts)
  operatorDashboard: { method: "GET", path: "/api/v1/operator/dashboard", io: {} as { answer: OperatorDashboard } },
  operatorUsers: { method: "GET", path: "/api/v1/operator/users", io: {} as { query: Query<typeof listQuerySchema>; answer: OperatorUserList } },
  operatorUser: { method: "GET", path: "/api/v1/operator/users/:id", io: {} as { answer: OperatorUserDetail } },
  operatorUserBlock: { method: "POST", path: "/api/v1/operator/users/:id/block", io: {} as { body: Fields<typeof blockUserSchema>; answer: BlockResult } },
  operatorUserUnblock: { method: "POST", path: "/api/v1/operator/users/:id/unblock", io: {} as { body: Body<typeof unblockUserSchema>; answer: { user: OperatorUserDetail["user"] } } },
  operatorBookings: { method: "GET", path: "/api/v1/operator/bookings", io: {} as { query: Query<z.input<typeof listQuerySchema> & { from: string; to: string }>; answer: OperatorBookingList } },
  operatorBooking: { method: "GET", path: "/api/v1/operator/bookings/:id", io: {} as { answer: OperatorBookingDetail } },
  operatorBookingCancel: {
    method: "POST",
    path: "/api/v1/operator/bookings/:id/cancel",
    io: {} as { body: Fields<typeof operatorCancelSchema>; answer: { id: number; status: Booking["status"]; refundAmount: number | null } },
  },
  operatorContent: { method: "GET", path: "/api/v1/operator/content", io: {} as { answer: ContentListResponse } },
  operatorContentItem: { method: "GET", path: "/api/v1/operator/content/:kind/:id", io: {} as { answer: ContentItemResponse } },
  /** The body is the path's kind's schema (contract/operator-content.ts): typed as any kind's, validated as that one's. */
  operatorContentCreate: { method: "POST", path: "/api/v1/operator/content/:kind", io: {} as { body: Fields<(typeof CONTENT_SCHEMAS)[CreatableKind]>; answer: ContentItemResponse } },
  operatorContentSave: { method: "POST", path: "/api/v1/operator/content/:kind/:id", io: {} as { body: Fields<(typeof CONTENT_SAVE_SCHEMAS)[ContentKind]>; answer: ContentItemResponse } },
  operatorDirectory: { method: "GET", path: "/api/v1/operator/directory", io: {} as { answer: DirectoryAdminResponse } },
  /** The body is the path's kind's schema (contract/operator-directory.ts), as the content's. */
  operatorDirectoryCreate: { method: "POST", path: "/api/v1/operator/directory/:kind", io: {} as { body: Fields<(typeof DIRECTORY_CREATE_SCHEMAS)[DirectoryKind]>; answer: DirectoryEntryResponse } },
  operatorDirectorySave: { method: "POST", path: "/api/v1/operator/directory/:kind/:id", io: {} as { body: Fields<(typeof DIRECTORY_SAVE_SCHEMAS)[DirectoryKind]>; answer: DirectoryEntryResponse } },
  operatorDirectoryRetire: { method: "POST", path: "/api/v1/operator/directory/:kind/:id/retire", io: {} as { body: Fields<typeof editVersionSchema>; answer: DirectoryEntryResponse } },
  operatorDirectoryRestore: { method: "POST", path: "/api/v1/operator/directory/:kind/:id/restore", io: {} as { body: Fields<typeof editVersionSchema>; answer: DirectoryEntryResponse } },
  operatorRouteRules: { method: "GET", path: "/api/v1/operator/route-rules", io: {} as { answer: RouteRuleListResponse } },
  operatorRouteRuleCreate: { method: "POST", path: "/api/v1/operator/route-rules", io: {} as { body: Fields<typeof routeRuleSchema>; answer: { rule: RouteRuleRow } } },
  operatorRouteRuleSave: { method: "POST", path: "/api/v1/operator/route-rules/:id", io: {} as { body: Fields<typeof routeRuleSaveSchema>; answer: { rule: RouteRuleRow } } },
  operatorRouteRuleRemove: { method: "POST", path: "/api/v1/operator/route-rules/:id/delete", io: {} as { body: Fields<typeof editVersionSchema>; answer: Removed } },
  operatorContacts: { method: "GET", path: "/api/v1/operator/contacts", io: {} as { answer: ContactsAdminResponse } },
  /** The body is the path's group's schema (contract/operator-content.ts), as the content's. */
  operatorContactCreate: { method: "POST", path: "/api/v1/operator/contacts/:group", io: {} as { body: Fields<(typeof CONTACT_SCHEMAS)[ContactGroup]>; answer: { id: number; editVersion: number } } },
  operatorContactSave: { method: "POST", path: "/api/v1/operator/contacts/:group/:id", io: {} as { body: Fields<(typeof CONTACT_SAVE_SCHEMAS)[ContactGroup]>; answer: { id: number; editVersion: number } } },
  operatorContactRemove: { method: "POST", path: "/api/v1/operator/contacts/:group/:id/delete", io: {} as { body: Fields<typeof editVersionSchema>; answer: Removed } },
  operatorListings: { method: "GET", path: "/api/v1/operator/listings", io: {} as { query: Query<typeof listingQuerySchema>; answer: OperatorListingList } },
  operatorListing: { method: "GET", path: "/api/v1/operator/listings/:id", io: {} as { answer: OperatorListingDetail } },
  operatorListingApprove: { method: "POST", path: "/api/v1/operator/listings/:id/approve", io: {} as { answer: ListingState } },
  operatorListingReject: { method: "POST", path: "/api/v1/operator/listings/:id/reject", io: {} as { body: Body<typeof listingReasonSchema>; answer: ListingState } },
  operatorListingUnpublish: { method: "POST", path: "/api/v1/operator/listings/:id/unpublish", io: {} as { body: Body<typeof listingReasonSchema>; answer: ListingState } },
  operatorReviews: { method: "GET", path: "/api/v1/operator/reviews", io: {} as { query: Query<typeof reviewQuerySchema>; answer: OperatorReviewList } },
  operatorReviewHide: { method: "POST", path: "/api/v1/operator/reviews/:id/hide", io: {} as { body: Body<typeof hideReviewSchema>; answer: ReviewState } },
  operatorReviewShow: { method: "POST", path: "/api/v1/operator/reviews/:id/show", io: {} as { body: Body<typeof showReviewSchema>; answer: ReviewState } },
  operatorAudit: { method: "GET", path: "/api/v1/operator/audit", io: {} as { query: Query<typeof auditQuerySchema>; answer: AuditPage } },
  operatorPayouts: { method: "GET", path: "/api/v1/operator/payouts", io: {} as { query: Query<{ status: string }>; answer: OperatorPayoutBatches } },
  operatorPayoutLedger: { method: "GET", path: "/api/v1/operator/payouts/ledger", io: {} as { answer: OperatorPayoutLedger } },
  operatorPayoutRun: {
    method: "POST",
    path: "/api/v1/operator/payouts/run",
    io: {} as { body: { until: string }; answer: { batches: { id: number; hostId: number; amount: number; until: string }[] } },
  },
  operatorPayoutConfirm: {
    method: "POST",
    path: "/api/v1/operator/payouts/:id/confirm",
    io: {} as { body: { reference: string }; answer: { batch: { id: number; status: string; reference: string | null; paidAt: string | null } } },
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
