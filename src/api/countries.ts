/**
 * ISO 3166-1 alpha-2 codes of every country and territory a visitor may write from. Their names
 * come from Intl.DisplayNames, so Spanish and English need no list of their own.
 */
export const countryCodes: ReadonlyArray<string> = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY " +
  "BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM " +
  "FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT " +
  "JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN " +
  "MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT " +
  "PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL " +
  "TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/** The Andean Community's members (Bolivia, Colombia, Ecuador, Peru): their visitors pay the andean-pact GPS tax. */
export const andeanPactCodes: ReadonlyArray<string> = ["BO", "CO", "EC", "PE"];

/** The agency is in Ecuador: most visitors write from there, so it heads the list. */
const FIRST = "EC";

export interface CountryOption {
  /** What the lead stores: the Spanish name, so the leads table reads the same in either language. */
  readonly value: string;
  /** The name in the page's language. */
  readonly label: string;
}

/** Every country, Ecuador first, the rest sorted by the name shown (the contact form's list). */
export const countryOptions = (language: string): ReadonlyArray<CountryOption> => {
  const spanish = new Intl.DisplayNames(["es"], { type: "region" });
  const shown = new Intl.DisplayNames([language], { type: "region" });
  const options = countryCodes.map((code) => ({ code, value: spanish.of(code) ?? code, label: shown.of(code) ?? code }));
  const first = options.filter((option) => option.code === FIRST);
  // one collator for the whole sort: localeCompare with a locale builds one per comparison
  const { compare } = new Intl.Collator(language);
  const rest = options.filter((option) => option.code !== FIRST).sort((a, b) => compare(a.label, b.label));
  return [...first, ...rest].map(({ value, label }) => ({ value, label }));
};
