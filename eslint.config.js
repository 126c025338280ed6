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
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // app/ reaches the API only through its client; a direct import would bundle the API into the web build.
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/api/*", "../api/*"], message: "app/ talks to the API through app/lib/api.server.ts only" }] }],
    },
  },
  {
    files: ["api/**", "server/**", "scripts/**", "tests/**", "contract/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
