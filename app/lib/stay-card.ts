import type { Photo } from "../../contract/common";
import type { EstateCard } from "../../contract/estate";
import { packSrcset } from "./photo-srcset";

/**
 * What a card in a list shows of a stay (app/components/estate-card.tsx), and no more: the page's
 * loader data is inlined into its HTML, and the API's card carries what other lists and the apps
 * use (address, coordinates, the subtype, five photos with ids and captions). The card's image
 * takes the stay's title as its text.
 */
export type StayCard = Pick<
  EstateCard,
  "id" | "slug" | "title" | "city" | "price" | "rating" | "reviewsCount" | "star" | "isInstantConfirmation" | "capacity" | "stayPrice" | "nights"
> & {
  type: Pick<EstateCard["type"], "name">;
  cover: CardPhoto | null;
};
export type CardPhoto = Pick<Photo, "url" | "width" | "height"> & { srcset?: string };

export function toStayCard(estate: EstateCard): StayCard {
  const photo = estate.photos[0];
  return {
    id: estate.id,
    slug: estate.slug,
    title: estate.title,
    city: estate.city,
    price: estate.price,
    rating: estate.rating,
    reviewsCount: estate.reviewsCount,
    star: estate.star,
    isInstantConfirmation: estate.isInstantConfirmation,
    capacity: estate.capacity,
    stayPrice: estate.stayPrice,
    nights: estate.nights,
    type: { name: estate.type.name },
    cover: photo ? packSrcset({ url: photo.url, srcset: photo.srcset, width: photo.width, height: photo.height }) : null,
  };
}
