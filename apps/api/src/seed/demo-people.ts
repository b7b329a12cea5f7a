import type { AddressSpec } from './demo-catalog.js'
import type { Prng } from './prng.js'

/** A made-up supporter: emails use the reserved example domains, phones the fictional 555 range. */
export interface Person {
  firstName: string
  lastName: string
  name: string
  email: string
  /** Twitch-style login, when the supporter has one. */
  username: string | null
  address: AddressSpec
}

const firstNames = [
  'Sam',
  'Alex',
  'Jordan',
  'Riley',
  'Casey',
  'Morgan',
  'Taylor',
  'Jamie',
  'Avery',
  'Quinn',
  'Rowan',
  'Skyler',
  'Harper',
  'Emerson',
  'Finley',
  'Hayden',
  'Kai',
  'Logan',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Mateo',
  'Lena',
  'Yuki',
  'Amara',
  'Felix',
  'Ines',
  'Theo',
  'Zoe',
  'Omar',
  'Hana',
  'Leo',
  'Mila',
  'Ezra',
  'Nora',
  'Arjun',
  'Sofia',
  'Luca',
  'Aisha',
  'Elliot',
  'Freya',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Milo',
  'Nadia',
  'Oscar',
  'Pia',
]

const lastNames = [
  'Rivera',
  'Chen',
  'Lee',
  'Patel',
  'Nguyen',
  'Garcia',
  'Kim',
  'Smith',
  'Johnson',
  'Brown',
  'Martin',
  'Okafor',
  'Kowalski',
  'Schmidt',
  'Rossi',
  'Dubois',
  'Silva',
  'Tanaka',
  'Murphy',
  'Walsh',
  'Larsen',
  'Novak',
  'Haddad',
  'Ivanova',
  'Costa',
  'Moreau',
  'Fischer',
  'Jensen',
  'Byrne',
  'Santos',
  'Ali',
  'Cohen',
  'Ortiz',
  'Park',
  'Wright',
]

const handleWords = [
  'pixel',
  'moon',
  'lurk',
  'cozy',
  'pine',
  'owl',
  'star',
  'byte',
  'fox',
  'cloud',
  'rain',
  'ember',
  'frost',
  'maple',
  'quest',
  'nova',
  'glitch',
  'mossy',
  'comet',
  'berry',
]
const handleSuffixes = ['plays', 'gg', '_tv', 'lord', '_42', 'pirate', 'beam', 'bun', '99', 'streams', 'wolf', 'cat']
const emailDomains = ['example.com', 'example.net', 'example.org']

interface Place {
  city: string
  state: string | null
  country: string
  zips: string[]
  /** Phone prefix for the fictional number range, or null when we leave phones out. */
  phone: string | null
}

const northAmerica: Place[] = [
  { city: 'San Francisco', state: 'CA', country: 'US', zips: ['94102', '94110', '94117'], phone: '+1415555' },
  { city: 'Portland', state: 'OR', country: 'US', zips: ['97205', '97214', '97209'], phone: '+1503555' },
  { city: 'Seattle', state: 'WA', country: 'US', zips: ['98101', '98103', '98122'], phone: '+1206555' },
  { city: 'Austin', state: 'TX', country: 'US', zips: ['78701', '78704', '78745'], phone: '+1512555' },
  { city: 'Brooklyn', state: 'NY', country: 'US', zips: ['11201', '11211', '11215'], phone: '+1718555' },
  { city: 'Chicago', state: 'IL', country: 'US', zips: ['60614', '60622', '60657'], phone: '+1312555' },
  { city: 'Denver', state: 'CO', country: 'US', zips: ['80202', '80205', '80210'], phone: '+1303555' },
  { city: 'Minneapolis', state: 'MN', country: 'US', zips: ['55401', '55408', '55414'], phone: '+1612555' },
  { city: 'Atlanta', state: 'GA', country: 'US', zips: ['30303', '30306', '30318'], phone: '+1404555' },
  { city: 'Boston', state: 'MA', country: 'US', zips: ['02116', '02118', '02130'], phone: '+1617555' },
  { city: 'Phoenix', state: 'AZ', country: 'US', zips: ['85004', '85016', '85018'], phone: '+1602555' },
  { city: 'Nashville', state: 'TN', country: 'US', zips: ['37203', '37206', '37212'], phone: '+1615555' },
  { city: 'Columbus', state: 'OH', country: 'US', zips: ['43215', '43201', '43206'], phone: '+1614555' },
  { city: 'Raleigh', state: 'NC', country: 'US', zips: ['27601', '27603', '27608'], phone: '+1919555' },
  { city: 'Salt Lake City', state: 'UT', country: 'US', zips: ['84101', '84102', '84105'], phone: '+1801555' },
  { city: 'Madison', state: 'WI', country: 'US', zips: ['53703', '53704', '53711'], phone: '+1608555' },
  { city: 'Toronto', state: 'ON', country: 'CA', zips: ['M5H 2M5', 'M6J 1H4', 'M4M 2S1'], phone: '+1416555' },
  { city: 'Vancouver', state: 'BC', country: 'CA', zips: ['V6B 1A1', 'V5T 2B3', 'V6K 1P4'], phone: '+1604555' },
  { city: 'London', state: null, country: 'GB', zips: ['EC1V 9HX', 'N1 7GU', 'SE15 4QL'], phone: null },
  { city: 'Berlin', state: null, country: 'DE', zips: ['10115', '10245', '12047'], phone: null },
  { city: 'Melbourne', state: 'VIC', country: 'AU', zips: ['3000', '3065', '3182'], phone: null },
]

const europe: Place[] = [
  { city: 'Dublin', state: null, country: 'IE', zips: ['D02 X285', 'D08 VF8H', 'D06 P5C8'], phone: null },
  { city: 'Galway', state: null, country: 'IE', zips: ['H91 F2X7', 'H91 T2N4'], phone: null },
  { city: 'Cork', state: null, country: 'IE', zips: ['T12 R2YK', 'T23 Y5HP'], phone: null },
  { city: 'Berlin', state: null, country: 'DE', zips: ['10115', '10245', '12047'], phone: null },
  { city: 'Hamburg', state: null, country: 'DE', zips: ['20095', '22765'], phone: null },
  { city: 'Amsterdam', state: null, country: 'NL', zips: ['1012 AB', '1072 GH'], phone: null },
  { city: 'Utrecht', state: null, country: 'NL', zips: ['3511 AA', '3581 KP'], phone: null },
  { city: 'Paris', state: null, country: 'FR', zips: ['75003', '75011', '75018'], phone: null },
  { city: 'Lyon', state: null, country: 'FR', zips: ['69002', '69007'], phone: null },
  { city: 'Helsinki', state: null, country: 'FI', zips: ['00100', '00530'], phone: null },
  { city: 'Vienna', state: null, country: 'AT', zips: ['1010', '1070'], phone: null },
  { city: 'Lisbon', state: null, country: 'PT', zips: ['1100-148', '1200-195'], phone: null },
]

const streets = [
  'Market St',
  'Pine St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Elm St',
  'Birch Rd',
  'Juniper Way',
  'Spruce Ct',
  'Willow Ave',
  'Aspen Blvd',
  'Hemlock St',
  'Alder Ln',
  'Larch Rd',
  'Fir Ave',
  'Sycamore St',
]
const euStreets = [
  'Harbour Road',
  'Mill Street',
  'Church Lane',
  'Lindenstraße',
  'Keizersgracht',
  'Rue des Rosiers',
  'Mannerheimintie',
  'Quay Street',
  'Shop Street',
  'Rua Augusta',
  'Neubaugasse',
  'Prinsengracht',
]
const flats = ['Apt 4B', 'Apt 12', 'Unit 7', 'Suite 210', 'Apt 3C', '2nd floor']

function handle(prng: Prng, first: string): string {
  const style = prng.int(0, 3)
  if (style === 0) return `${first.toLowerCase()}${prng.pick(handleSuffixes)}`
  if (style === 1) return `${prng.pick(handleWords)}${prng.pick(handleSuffixes)}`
  if (style === 2) return `${prng.pick(handleWords)}_${prng.pick(handleWords)}`
  return `${first.toLowerCase()}_${prng.int(1, 999)}`
}

function email(prng: Prng, first: string, last: string): string {
  const f = first.toLowerCase()
  const l = last.toLowerCase()
  const local = prng.pick([`${f}.${l}`, `${f}${l}`, `${f}.${l[0]}`, `${f[0]}${l}`, `${f}_${l}${prng.int(1, 99)}`])
  return `${local}@${prng.pick(emailDomains)}`
}

export function address(prng: Prng, name: string, region: 'na' | 'eu'): AddressSpec {
  const place = prng.pick(region === 'na' ? northAmerica : europe)
  const street = prng.pick(region === 'na' ? streets : euStreets)
  const number = prng.int(2, region === 'na' ? 4999 : 120)
  return {
    name,
    address1: region === 'na' ? `${number} ${street}` : `${street} ${number}`,
    address2: prng.chance(0.3) ? prng.pick(flats) : null,
    city: place.city,
    state: place.state,
    country: place.country,
    zip: prng.pick(place.zips),
    phone: place.phone && prng.chance(0.7) ? `${place.phone}${String(prng.int(100, 199)).padStart(4, '0')}` : null,
  }
}

/**
 * `count` people with distinct emails and (when they have one) distinct usernames. `preset` people
 * come first, keeping their name, email and username but getting an address in `region`.
 */
export function buildPeople(prng: Prng, count: number, region: 'na' | 'eu', preset: readonly Person[] = []): Person[] {
  const people: Person[] = []
  const emails = new Set<string>()
  const usernames = new Set<string>()
  for (const person of preset) {
    people.push({ ...person, address: address(prng, person.name, region) })
    emails.add(person.email)
    if (person.username) usernames.add(person.username)
  }
  while (people.length < count) {
    const firstName = prng.pick(firstNames)
    const lastName = prng.pick(lastNames)
    const mail = email(prng, firstName, lastName)
    if (emails.has(mail)) continue
    let username: string | null = prng.chance(0.75) ? handle(prng, firstName) : null
    if (username && usernames.has(username)) username = `${username}${prng.int(2, 9)}`
    if (username && usernames.has(username)) username = null
    emails.add(mail)
    if (username) usernames.add(username)
    const name = `${firstName} ${lastName}`
    people.push({ firstName, lastName, name, email: mail, username, address: address(prng, name, region) })
  }
  return people
}
