import type { TFunction } from "i18next";
import { z } from "zod";
import { passwordField } from "./forms.server";

/**
 * A new password typed twice (sign-up and reset), plus any other fields of the form. The
 * repetition is compared only once the password itself is acceptable.
 */
export function newPasswordSchema<Extra extends z.ZodRawShape = Record<never, never>>(t: TFunction, extra?: Extra) {
  return z
    .object({
      password: passwordField(t),
      repeatPassword: z.string({ required_error: t("auth:validation.repeatRequired") }).max(128, t("common:form.tooLong")),
      ...(extra ?? ({} as Extra)),
    })
    .superRefine((value, ctx) => {
      if (value.password !== value.repeatPassword) ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: t("common:form.passwordMismatch") });
    });
}
