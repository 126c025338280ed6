import { Fragment } from "react";

/**
 * Text stored as plain lines, shown as safe formatting: blocks are separated by blank lines, a line
 * starting with "## " is a heading, lines starting with "- " make a list. Nothing is parsed as
 * HTML, so content can never inject markup.
 */
export function FormattedText({ text, className = "" }: { text: string; className?: string }) {
  const blocks = text.split(/\n\s*\n/).filter((b) => b.trim());
  return (
    <div className={`space-y-4 text-base leading-relaxed text-stone-800 ${className}`}>
      {blocks.map((block, i) => (
        <Fragment key={i}>{renderBlock(block)}</Fragment>
      ))}
    </div>
  );
}

function renderBlock(block: string) {
  const lines = block.split("\n").map((l) => l.trimEnd());
  const out: JSX.Element[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(<p key={`p${out.length}`}>{paragraph.join(" ")}</p>);
    if (list.length)
      out.push(
        <ul key={`u${out.length}`} className="list-disc space-y-1 pl-6">
          {list.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    list = [];
  };
  for (const line of lines) {
    if (line.startsWith("## ")) {
      flush();
      out.push(
        <h2 key={`h${out.length}`} className="pt-2 text-xl font-semibold text-stone-900">
          {line.slice(3)}
        </h2>,
      );
    } else if (line.startsWith("- ")) {
      if (paragraph.length) flush();
      list.push(line.slice(2));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
}
