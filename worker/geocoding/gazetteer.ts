import { haversineMetres, type Point } from "../../commerce/geo";
import { GAZETTEER, type GazetteerArea } from "./gazetteer-data";
import { type GeocodedPlace, type Geocoder, MAX_PLACES } from "./geocoder";

/** A position farther than this from every known area is nowhere the gazetteer knows. */
export const GAZETTEER_REACH_METRES = 5_000;

function place(area: GazetteerArea, at: Point = area): GeocodedPlace {
  return {
    // One id per area, wherever in it the position is.
    place_id: `gazetteer:${area.pincode}`,
    formatted_address: `${area.area}, ${area.city}, ${area.state} ${area.pincode}, ${area.country}`,
    line1: null,
    area: area.area,
    city: area.city,
    state: area.state,
    pincode: area.pincode,
    country: area.country,
    latitude: at.latitude,
    longitude: at.longitude,
  };
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** How well an area matches the text: 3 its pincode, 2 its name, 1 its city, 0 not at all. */
function score(area: GazetteerArea, text: string): number {
  const compact = text.replace(/\s/g, "");
  if (compact === area.pincode.toLowerCase()) return 3;
  if (text.includes(normalised(area.area))) return 2;
  return text.includes(normalised(area.city)) ? 1 : 0;
}

/** The offline geocoder: the nearest known area to a position (answered at that position), or areas named by text. */
export function gazetteerGeocoder(areas: readonly GazetteerArea[] = GAZETTEER): Geocoder {
  return {
    async reverse(point) {
      const nearest = areas
        .map((area) => ({ area, metres: haversineMetres(area, point) }))
        .filter((candidate) => candidate.metres <= GAZETTEER_REACH_METRES)
        .sort((a, b) => a.metres - b.metres)[0];
      return nearest ? [place(nearest.area, point)] : [];
    },
    async search(text) {
      const query = normalised(text);
      return areas
        .map((area) => ({ area, score: score(area, query) }))
        .filter((candidate) => candidate.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, MAX_PLACES)
        .map((candidate) => place(candidate.area));
    },
  };
}
