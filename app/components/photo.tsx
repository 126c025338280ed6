import type { Photo as PhotoData } from "../../contract/common";
import { srcsetOf } from "~/lib/photo-srcset";

/**
 * A responsive WebP image with its intrinsic size (no layout shift). Below-the-fold images load
 * lazily; the first visible one is marked eager by the caller.
 */
export function Photo({
  photo,
  sizes,
  className,
  eager = false,
  alt,
}: {
  photo: Pick<PhotoData, "url" | "width" | "height"> & { srcset?: string; alt?: string };
  sizes: string;
  className?: string;
  eager?: boolean;
  alt?: string;
}) {
  return (
    <img
      src={photo.url}
      srcSet={srcsetOf(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt ?? photo.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      // React 18 knows the attribute only in lower case (`fetchPriority` warns on every render).
      {...{ fetchpriority: eager ? "high" : undefined }}
      className={className}
    />
  );
}
