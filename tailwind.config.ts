import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Konok brand: the warm red of a Kyrgyz tunduk on a felt-white background.
        brand: {
          50: "#fff1f0",
          100: "#ffe0dc",
          200: "#ffc5bd",
          300: "#ff9c8f",
          400: "#fb6a58",
          500: "#ef4430",
          600: "#d92d1b",
          700: "#b42316",
          800: "#941f17",
          900: "#7b1f18",
        },
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
