/**
 * The areas the offline gazetteer knows: the area of every demo store branch (stores/*.json, each branch's address
 * and position) and the neighbourhoods around them, so the demo's saved addresses, 'Use my current location' and the
 * pincode check work without a geocoding key. A few areas lie outside the food store's delivery slabs (10 km) on
 * purpose: Whitefield, Electronic City and Mysuru are answered as not served. tests/unit/gazetteer.test.ts checks that
 * every branch of the store files is here. Positions are the areas' centres, to four decimals (about 10 m).
 */

export interface GazetteerArea {
  area: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  latitude: number;
  longitude: number;
}

const bengaluru = (area: string, pincode: string, latitude: number, longitude: number): GazetteerArea => ({
  area,
  city: "Bengaluru",
  state: "Karnataka",
  pincode,
  country: "India",
  latitude,
  longitude,
});

export const GAZETTEER: readonly GazetteerArea[] = [
  // stores/food.json: the three branches, then their neighbourhoods.
  bengaluru("Indiranagar", "560038", 12.9719, 77.6412),
  bengaluru("Koramangala", "560034", 12.9352, 77.6245),
  bengaluru("Jayanagar", "560011", 12.925, 77.5838),
  bengaluru("Domlur", "560071", 12.961, 77.6387),
  bengaluru("Halasuru", "560008", 12.9817, 77.6285),
  bengaluru("MG Road", "560001", 12.9756, 77.605),
  bengaluru("Basavanagudi", "560004", 12.9422, 77.576),
  bengaluru("BTM Layout", "560076", 12.9166, 77.6101),
  bengaluru("HSR Layout", "560102", 12.9116, 77.6474),
  bengaluru("Whitefield", "560066", 12.9698, 77.75),
  bengaluru("Electronic City", "560100", 12.8452, 77.6602),
  { area: "Mysuru", city: "Mysuru", state: "Karnataka", pincode: "570001", country: "India", latitude: 12.308, longitude: 76.655 },
  // stores/retail.json: Hamburg, Berlin and Munich.
  { area: "Neustadt", city: "Hamburg", state: "Hamburg", pincode: "20354", country: "Germany", latitude: 53.5526, longitude: 9.9895 },
  { area: "Altona", city: "Hamburg", state: "Hamburg", pincode: "22765", country: "Germany", latitude: 53.5511, longitude: 9.9352 },
  { area: "Prenzlauer Berg", city: "Berlin", state: "Berlin", pincode: "10119", country: "Germany", latitude: 52.5379, longitude: 13.4107 },
  { area: "Mitte", city: "Berlin", state: "Berlin", pincode: "10117", country: "Germany", latitude: 52.517, longitude: 13.3889 },
  { area: "Altstadt", city: "München", state: "Bayern", pincode: "80331", country: "Germany", latitude: 48.1351, longitude: 11.5705 },
];
