/**
 * Parts rendered only by the server (app/components/server-rendered.tsx) and photos whose srcset
 * the page's data leaves out (app/lib/photo-srcset.ts): both keep data out of a document's
 * hydration data without changing what the page shows.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServerOnlyDataProvider, ServerRendered, useServerOnlyData } from "../../app/components/server-rendered";
import { packSrcset, srcsetOf } from "../../app/lib/photo-srcset";

describe("ServerRendered", () => {
  function Part({ given }: { given?: string[] }) {
    const rendered = useServerOnlyData<string[]>("items");
    return (
      <ServerRendered id="part" className="contents" data={given ?? rendered}>
        {(items) => (items.length ? items.map((item) => <p key={item}>{item}</p>) : null)}
      </ServerRendered>
    );
  }

  it("renders from the data a loader put aside for the document", () => {
    const html = renderToStaticMarkup(
      <ServerOnlyDataProvider value={{ items: ["a", "b"] }}>
        <Part />
      </ServerOnlyDataProvider>,
    );
    expect(html).toBe('<div id="part" class="contents"><p>a</p><p>b</p></div>');
  });

  it("renders the same from a navigation's data", () => {
    expect(renderToStaticMarkup(<Part given={["a", "b"]} />)).toBe('<div id="part" class="contents"><p>a</p><p>b</p></div>');
  });

  it("has no element when the part renders nothing", () => {
    expect(renderToStaticMarkup(<Part given={[]} />)).toBe("");
  });
});

describe("photo srcsets", () => {
  const standard = {
    url: "/uploads/demo/kitchen-3-800.webp",
    srcset: "/uploads/demo/kitchen-3-400.webp 400w, /uploads/demo/kitchen-3-800.webp 800w, /uploads/demo/kitchen-3-1200.webp 1200w",
    width: 1200,
    height: 800,
  };

  it("leaves out a srcset the url implies, and writes it again", () => {
    const packed = packSrcset(standard);
    expect(packed).toEqual({ url: standard.url, width: 1200, height: 800 });
    expect(srcsetOf(packed)).toBe(standard.srcset);
  });

  it("keeps any other srcset", () => {
    const small = { ...standard, url: "/uploads/x/p-400.webp", srcset: "/uploads/x/p-400.webp 400w" };
    expect(packSrcset(small)).toEqual(small);
    expect(srcsetOf(small)).toBe(small.srcset);
  });
});
