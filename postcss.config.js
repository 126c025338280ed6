// Tailwind through PostCSS: Vite runs this on every CSS file the app imports (app/tailwind.css).
export default {
  plugins: {
    tailwindcss: {},
  },
};
