/** Directory data (SPEC section 3): types, subtypes, parameters, nutrition, phone codes, apps, contacts. */

/** Which listing-wizard sequence a type uses (SPEC section 2, listing creation flow). */
export type EstateKind = "simple" | "complex" | "complex.simple";

export type EstateType = { id: number; slug: string; name: string; icon: string; kind: EstateKind; estatesCount: number };
export type EstateSubtype = { id: number; typeId: number; slug: string; name: string };
export type Parameter = { id: number; slug: string; name: string; icon: string; group: string };
export type Nutrition = { id: number; slug: string; name: string };
export type CountryCode = { id: number; iso: string; name: string; phoneCode: string; mask: string; flag: string };
export type MobileApp = { id: number; platform: "ios" | "android" | "huawei"; name: string; url: string };
export type Contact = { id: number; kind: "phone" | "email" | "address" | "whatsapp"; value: string; label: string };
export type Social = { id: number; kind: "instagram" | "facebook" | "telegram" | "tiktok" | "youtube"; url: string };

export type TypesResponse = { types: EstateType[] };
export type SubtypesResponse = { subtypes: EstateSubtype[] };
/** SPEC section 7 says `/guest/parameters` is read from `data.subtypes`; kept for compatibility. */
export type ParametersResponse = { subtypes: Parameter[] };
/** SPEC section 7 says `/guest/nutrition_data` is read from `data.types`; kept for compatibility. */
export type NutritionResponse = { types: Nutrition[] };
export type PhoneDataResponse = { countryCodes: CountryCode[] };
export type MobileAppsResponse = { mobileAppDatas: MobileApp[] };
export type ContactsResponse = { contacts: Contact[]; socials: Social[] };
