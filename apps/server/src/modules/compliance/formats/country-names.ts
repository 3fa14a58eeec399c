/**
 * Country names as the lists write them ("Venezuela", "Korea, North", "Russian Federation", "IRAQ")
 * to ISO 3166 alpha-2 codes, from the runtime's own English region names (ICU) plus the lists'
 * other spellings.
 */
const LIST_SPELLINGS: Record<string, string> = {
  'korea, north': 'KP',
  "democratic people's republic of korea": 'KP',
  'north korea': 'KP',
  'korea, south': 'KR',
  'republic of korea': 'KR',
  'russian federation': 'RU',
  'iran (islamic republic of)': 'IR',
  'islamic republic of iran': 'IR',
  'syrian arab republic': 'SY',
  'venezuela (bolivarian republic of)': 'VE',
  'bolivarian republic of venezuela': 'VE',
  'bolivia (plurinational state of)': 'BO',
  'united states of america': 'US',
  'united kingdom of great britain and northern ireland': 'GB',
  'united kingdom': 'GB',
  'democratic republic of the congo': 'CD',
  'congo, democratic republic of the': 'CD',
  congo: 'CG',
  burma: 'MM',
  turkey: 'TR',
  'czech republic': 'CZ',
  'viet nam': 'VN',
  "lao people's democratic republic": 'LA',
  'united republic of tanzania': 'TZ',
  'state of palestine': 'PS',
  'west bank': 'PS',
  gaza: 'PS',
};

let byName: Map<string, string> | null = null;

function buildIndex(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const index = new Map<string, string>();
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code) index.set(name.toLowerCase(), code);
    }
  }
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) index.set(name, code);
  return index;
}

/** The alpha-2 code of a country name or code as a list writes it, or null. */
export function toCountryCode(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  byName ??= buildIndex();
  return byName.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}
