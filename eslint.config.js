import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules", "build", "dist", "public/build", "data", "test-results", "playwright-report", "api/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // app/ reaches the API only through its client; a direct import would bundle the API into the web build.
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/api/*", "../api/*"], message: "app/ talks to the API through app/lib/api.server.ts only" }],
          // Pages have no react-i18next provider (docs/decisions/0045-own-use-translation-hook.md).
          paths: [{ name: "react-i18next", importNames: ["useTranslation", "I18nextProvider", "Trans", "withTranslation", "Translation"], message: "use ~/i18n/use-translation (or ~/i18n/rich-text for <Trans>)" }],
        },
      ],
    },
  },
  {
    // React's hook rules for React code only: Playwright fixtures also call a function named `use`.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["api/**", "server/**", "scripts/**", "tests/**", "contract/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // API routes keep to HTTP (read and check the input, guard, call a service, shape the answer);
    // every query lives in api/services/, where the next route that needs it finds it (issue 28,
    // docs/architecture.md "Finding the code"). No drizzle, no schema, no raw SQL here, and no
    // query or transaction started on the database handle the routes pass to services.
    files: ["api/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["drizzle-orm", "drizzle-orm/*"], message: "queries belong in api/services/, not in a route" },
            { group: ["**/db/*", "**/db", "**/lib/sql"], message: "queries belong in api/services/; a route passes the db handle on to a service" },
            {
              // A request the endpoint map describes is read through api/lib/request.ts, whose types tie
              // the handler's schema to the map's request type (decision 0078, "Request types").
              group: ["**/lib/validation"],
              importNames: ["parseBody", "parseQuery"],
              message: "read a request with bodyOf/fieldsOf/queryOf from api/lib/request.ts, which checks the schema against the endpoint map",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/][callee.object.name='db']",
          message: "queries belong in api/services/, not in a route",
        },
        {
          selector: "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/][callee.object.property.name='db']",
          message: "queries belong in api/services/, not in a route",
        },
      ],
    },
  },
  {
    // contract/ is what both sides share (the web app's bundle included): plain data and zod
    // schemas, nothing that drags a library or either side's code into the other.
    files: ["contract/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!zod$|\\./)", message: "contract/ imports only zod and other contract/ files" }] }],
    },
  },
  {
    // Playwright fixtures that need no other fixture are written `async ({}, use) => …`.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["remix.env.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
);
