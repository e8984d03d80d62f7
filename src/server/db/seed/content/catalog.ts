/**
 * Cities and the service catalogue of the demo data (the categories are shared:
 * shared/domain/categories.ts). Prices are integer US cents.
 */
import type { CategorySlug } from '../../../../shared/domain/categories.ts';

export type PricingUnit = 'per hour' | 'per session' | 'per day';

export type CityKey = 'lisbon' | 'barcelona' | 'bangkok' | 'bali' | 'mexico' | 'newyork' | 'saopaulo' | 'tokyo';

export type City = {
  name: string;
  timeZone: string;
  /** Multiplies the generic catalogue prices (Lisbon = 1). */
  priceFactor: number;
  cuisine: string;
  neighbourhoods: string[];
  /** Street addresses travelers give for home and hotel visits. */
  addresses: string[];
};

export const CITIES: Record<CityKey, City> = {
  lisbon: {
    name: 'Lisbon',
    timeZone: 'Europe/Lisbon',
    priceFactor: 1,
    cuisine: 'Portuguese',
    neighbourhoods: ['Chiado', 'Alfama', 'Príncipe Real', 'Baixa'],
    addresses: [
      'Rua da Rosa 142, Bairro Alto',
      'Largo do Chafariz de Dentro 8, Alfama',
      'Rua Garrett 51, Chiado',
      'Avenida da Liberdade 127',
    ],
  },
  barcelona: {
    name: 'Barcelona',
    timeZone: 'Europe/Madrid',
    priceFactor: 1.1,
    cuisine: 'Catalan',
    neighbourhoods: ['Eixample', 'Gràcia', 'El Born', 'Barceloneta'],
    addresses: [
      'Carrer de Provença 261, Eixample',
      'Carrer de Verdi 32, Gràcia',
      'Passeig del Born 19',
      'Carrer de la Marina 19, Port Olímpic',
    ],
  },
  bangkok: {
    name: 'Bangkok',
    timeZone: 'Asia/Bangkok',
    priceFactor: 0.55,
    cuisine: 'Thai',
    neighbourhoods: ['Sukhumvit', 'Silom', 'Ari', 'Riverside'],
    addresses: [
      'Sukhumvit Soi 24, Khlong Toei',
      'Silom Road 1022, Bang Rak',
      'Phahonyothin Soi 7, Ari',
      'Charoen Krung Road 48, Riverside',
    ],
  },
  bali: {
    name: 'Bali',
    timeZone: 'Asia/Makassar',
    priceFactor: 0.55,
    cuisine: 'Balinese',
    neighbourhoods: ['Ubud', 'Canggu', 'Seminyak', 'Uluwatu'],
    addresses: [
      'Jalan Raya Sayan, Ubud',
      'Jalan Batu Mejan, Canggu',
      'Jalan Kayu Aya 9, Seminyak',
      'Jalan Labuan Sait, Uluwatu',
    ],
  },
  mexico: {
    name: 'Mexico City',
    timeZone: 'America/Mexico_City',
    priceFactor: 0.7,
    cuisine: 'Mexican',
    neighbourhoods: ['Roma Norte', 'Condesa', 'Polanco', 'Coyoacán'],
    addresses: [
      'Calle Colima 166, Roma Norte',
      'Avenida Amsterdam 45, Condesa',
      'Calle Emilio Castelar 163, Polanco',
      'Calle Francisco Sosa 212, Coyoacán',
    ],
  },
  newyork: {
    name: 'New York',
    timeZone: 'America/New_York',
    priceFactor: 1.6,
    cuisine: 'Modern American',
    neighbourhoods: ['the West Village', 'Williamsburg', 'Midtown', 'the Upper West Side'],
    addresses: [
      'Bedford St 71, West Village',
      'Wythe Ave 80, Williamsburg',
      'W 44th St 129, Midtown',
      'Riverside Dr 240, Upper West Side',
    ],
  },
  saopaulo: {
    name: 'São Paulo',
    timeZone: 'America/Sao_Paulo',
    priceFactor: 0.8,
    cuisine: 'Brazilian',
    neighbourhoods: ['Jardins', 'Vila Madalena', 'Pinheiros', 'Itaim Bibi'],
    addresses: [
      'Alameda Lorena 1748, Jardins',
      'Rua Aspicuelta 301, Vila Madalena',
      'Rua dos Pinheiros 640, Pinheiros',
      'Rua Joaquim Floriano 466, Itaim Bibi',
    ],
  },
  tokyo: {
    name: 'Tokyo',
    timeZone: 'Asia/Tokyo',
    priceFactor: 1.3,
    cuisine: 'Japanese',
    neighbourhoods: ['Shibuya', 'Asakusa', 'Nakameguro', 'Shinjuku'],
    addresses: [
      'Dogenzaka 2-25, Shibuya',
      'Kaminarimon 1-18, Asakusa',
      'Kamimeguro 1-3, Nakameguro',
      'Nishi-Shinjuku 6-6, Shinjuku',
    ],
  },
};

/**
 * When in the day a service happens, read from its title, in local hours [from, to): an evening
 * service in the evening, a sunrise class at dawn. The seed gives a service only to a provider
 * whose working hours hold it for its length there (seed-schedule.test.ts checks the result).
 */
const DAYPARTS: readonly (readonly [RegExp, readonly [number, number]])[] = [
  [/\b(evening|night out|dinner|tasting menu)\b/i, [17, 24]],
  [/\bsunrise\b/i, [5, 10]],
  [/\bbrunch\b/i, [8, 13]],
  [/\blunch\b/i, [10, 16]],
];
/** Any other service: daytime and evening, never in the small hours. */
export const DEFAULT_DAYPART: readonly [number, number] = [6, 23];

export function daypartOf(title: string): readonly [number, number] {
  return DAYPARTS.find(([pattern]) => pattern.test(title))?.[1] ?? DEFAULT_DAYPART;
}

export type ServiceTemplate = {
  title: string;
  description: string;
  unit: PricingUnit;
  /** Price in cents (scaled by the city's priceFactor for the generic catalogue). */
  price: number;
  minHours: number;
};

const t = (
  title: string,
  unit: PricingUnit,
  price: number,
  minHours: number,
  description: string,
): ServiceTemplate => ({
  title,
  description,
  unit,
  price,
  minHours,
});

/** The generic catalogue; `{city}` and `{cuisine}` are filled in per provider. */
export const SERVICE_TEMPLATES: Record<CategorySlug, ServiceTemplate[]> = {
  massage: [
    t(
      'Deep Tissue Massage at Your Hotel',
      'per hour',
      7000,
      1,
      'A firm, slow-pressure massage that works into the deeper layers of muscle, ideal after long flights or days of walking on cobblestones. I bring a folding table, fresh linens and unscented oil, and I am set up in your room in ten minutes.',
    ),
    t(
      'Swedish Relaxation Massage',
      'per session',
      8000,
      2,
      'Long, flowing strokes with warm almond oil to calm the nervous system and help you sleep in a new time zone. Sessions run 75 minutes with soft music and a choice of lavender, eucalyptus or unscented oil.',
    ),
    t(
      'Couples Massage in Your Room',
      'per session',
      16000,
      1,
      'Two therapists, two tables and one relaxing hour side by side. A favourite of honeymooners and anniversary trips: we bring everything, including candles and warm towels.',
    ),
    t(
      'Sports Recovery Massage',
      'per hour',
      7500,
      1,
      'Targeted work on calves, hamstrings, hips and shoulders with assisted stretching and trigger-point release. Book it the day after a marathon, a long hike or a surf session.',
    ),
    t(
      'Hot Stone Massage',
      'per session',
      9500,
      2,
      'Smooth basalt stones heated to 50 °C glide along the back and legs and melt tension faster than hands alone. Finishes with a short scalp and foot massage.',
    ),
    t(
      'Prenatal Massage',
      'per hour',
      8000,
      1,
      'Side-lying massage with supportive cushions, safe from the second trimester on. Gentle pressure focused on the lower back, hips and tired, swollen ankles.',
    ),
    t(
      'Reflexology Foot Treatment',
      'per session',
      5000,
      1,
      'A warm sea-salt and mint foot soak followed by 45 minutes of pressure-point work. The kindest thing you can do for feet that walked 20,000 steps today.',
    ),
    t(
      'Lymphatic Drainage Massage',
      'per hour',
      8500,
      1,
      'Light, rhythmic strokes that reduce puffiness and fluid retention after flying. Popular the morning after arrival and before weddings or photo shoots.',
    ),
  ],
  tours: [
    t(
      'Private {city} Highlights Tour',
      'per hour',
      4500,
      2,
      'See {city} on your schedule: the landmarks everyone talks about plus the corners only locals know. I adapt the route to what you love, whether that is history, food, architecture or photography.',
    ),
    t(
      '{city} Photo Walk with a Local Photographer',
      'per session',
      7000,
      3,
      'Three hours through the most photogenic streets at golden hour, with tips on composition and phone settings. You leave with 30 edited photos of yourself, delivered within two days.',
    ),
    t(
      'Full-Day Private Guide in {city}',
      'per day',
      25000,
      8,
      'A whole day with your own guide: we plan the route together the evening before, skip the queues with pre-booked tickets and stop wherever you like. Lunch recommendations included; transport at cost.',
    ),
    t(
      '{city} Neighbourhood Food Walk',
      'per session',
      6000,
      3,
      'Ten tastings in one walkable neighbourhood, from bakeries to family-run lunch counters, with the stories of the people who run them. Vegetarian versions of every stop on request.',
    ),
  ],
  'private-chef': [
    t(
      '{cuisine} Dinner Party for Up to 6',
      'per session',
      32000,
      4,
      'A four-course seasonal menu cooked in your kitchen, served at the table and cleared away: you only have to pour the wine. We agree the menu in advance and allergies are handled carefully.',
    ),
    t(
      'Hands-On {cuisine} Cooking Class',
      'per hour',
      6500,
      2,
      'Learn three dishes from start to finish with fresh market produce, then sit down and eat what you cooked. The recipes are emailed afterwards so you can recreate them at home.',
    ),
    t(
      'Chef’s Tasting Menu, 7 Courses',
      'per session',
      45000,
      4,
      'An intimate chef’s-table evening at your villa or apartment, with each course introduced as it is plated. Wine pairing can be arranged on request.',
    ),
    t(
      'Family Meal Prep for the Week',
      'per day',
      22000,
      6,
      'A day of cooking for families who want home food on holiday: five dinners plus snacks, labelled and stored in your fridge. Kid-friendly, vegetarian and gluten-free menus welcome.',
    ),
    t(
      'Romantic Dinner for Two',
      'per session',
      24000,
      3,
      'Candles, three courses and a dessert worth proposing over (it has happened twice). I set the table, cook, serve and then quietly disappear.',
    ),
    t(
      'Market Tour and Lunch at Home',
      'per session',
      12000,
      4,
      'We shop together at the best market in {city}, choosing whatever looks great that morning, then cook a relaxed lunch back at your place.',
    ),
    t(
      'Slow Brunch at Home',
      'per session',
      15000,
      2,
      'Fresh bread, eggs your way, seasonal fruit, pastries and proper coffee, served on your terrace. Perfect for the morning after a wedding or a big night out.',
    ),
  ],
  doctor: [
    t(
      'Hotel Doctor Visit',
      'per session',
      15000,
      1,
      'A licensed general practitioner at your door, usually within 90 minutes. I treat fevers, infections, stomach bugs and minor injuries, carry common medication and can write local prescriptions.',
    ),
    t(
      'Video Consultation in English',
      'per session',
      6000,
      1,
      'Thirty minutes by video for quick advice, prescription renewals or deciding whether you need to be seen in person. You receive a written summary for your travel insurer.',
    ),
    t(
      'Travel Health and Vaccination Check',
      'per session',
      9000,
      1,
      'Advice and vaccinations before your next leg (typhoid, hepatitis A, rabies pre-exposure) plus a personalised first-aid kit list. Bring your vaccination card if you have one.',
    ),
    t(
      'Pediatric Home Visit',
      'per session',
      14000,
      1,
      'Gentle, unhurried care for babies and children away from home: ear infections, rashes, fevers and dehydration. Parents receive a written plan and a follow-up message the next day.',
    ),
    t(
      'Fit-to-Fly and Medical Certificates',
      'per session',
      7000,
      1,
      'An assessment and a signed certificate in English for airlines, dive centres or insurers. Same-day appointments are usually available.',
    ),
    t(
      'IV Rehydration at Your Hotel',
      'per session',
      12000,
      2,
      'Fluids, electrolytes and anti-nausea medication for traveller’s stomach or heat exhaustion, given by a doctor and monitored for the whole drip.',
    ),
    t(
      'On-Call Doctor for Events',
      'per hour',
      11000,
      2,
      'A physician on standby for weddings, retreats and corporate events, with a full emergency kit and a defibrillator. Discreet, in smart dress, and happy to brief your planner beforehand.',
    ),
  ],
  yoga: [
    t(
      'Private Yoga Session',
      'per session',
      6500,
      1,
      'Vinyasa or hatha tailored to your level and your body, in your room, on the terrace or in a nearby park. I bring mats, blocks and straps for everyone.',
    ),
    t(
      'Sunrise Flow Outdoors',
      'per session',
      4000,
      2,
      'Seventy-five minutes of gentle flow as {city} wakes up, followed by a short breathing practice. The meeting point is shared the evening before, depending on the weather.',
    ),
    t(
      'Yin Yoga and Sound Bath',
      'per session',
      5500,
      2,
      'Long, quiet floor poses held for three to five minutes, ending with singing bowls and a guided body scan. Beautiful after a long travel day.',
    ),
    t(
      'Yoga for Jet Lag and Better Sleep',
      'per hour',
      6000,
      1,
      'A gentle sequence of inversions, twists and breathing that resets your body clock. Best booked for the early evening of your first or second day.',
    ),
    t(
      'Family Yoga for Kids and Parents',
      'per session',
      5000,
      1,
      'Animal poses, balancing games and a calm-down story for children from four years old, with their grown-ups joining in. Lots of laughing, very little perfect alignment.',
    ),
    t(
      'Breathwork and Meditation Coaching',
      'per hour',
      5500,
      1,
      'Simple techniques for stress, sleep and focus that you can keep using at home: box breathing, coherent breathing and a short daily meditation routine.',
    ),
    t(
      'Full-Day Yoga Retreat',
      'per day',
      18000,
      6,
      'Two classes, a meditation workshop, a healthy vegetarian lunch and a guided nature walk. Small groups of up to six; all levels welcome.',
    ),
  ],
  babysitting: [
    t(
      'Evening Babysitting at Your Hotel',
      'per hour',
      2200,
      3,
      'So you can enjoy a dinner out: bath, pyjamas, stories and lights out, all on your child’s usual routine. First-aid certified, with references from more than 50 travelling families.',
    ),
    t(
      'Full-Day Nanny',
      'per day',
      16000,
      8,
      'A day of city adventures or pool time while you work, sightsee or rest. I plan age-appropriate activities and send photo updates through the app.',
    ),
    t(
      'Newborn and Infant Care',
      'per hour',
      2800,
      2,
      'Experienced with babies from two weeks old: bottles, naps, changes and lots of soothing. Ideal for parents who need a few hours to sleep or attend an event.',
    ),
    t(
      'Kids’ Club at Your Villa',
      'per hour',
      3000,
      3,
      'Crafts, games and treasure hunts for up to four children, with healthy snacks included. Great for weddings and family reunions.',
    ),
    t(
      'Afternoon Sitter with Activity Plan',
      'per hour',
      2400,
      2,
      'Playground, museum or aquarium: we pick an outing that suits your children’s age and energy, and I bring them back tired and happy.',
    ),
    t(
      'Wedding and Event Childcare',
      'per hour',
      3500,
      4,
      'A dedicated quiet room with films, games and early dinner for the youngest guests, so the adults can dance. Two sitters for groups of more than six children.',
    ),
  ],
  driver: [
    t(
      'Airport Transfer with Meet and Greet',
      'per session',
      4500,
      2,
      'I wait in arrivals with a name sign, help with the bags and drive you straight to your hotel in an air-conditioned sedan. Your flight is tracked, so delays cost you nothing.',
    ),
    t(
      'Private Driver by the Hour',
      'per hour',
      3500,
      2,
      'A comfortable car and a driver who knows the shortcuts, for shopping, meetings or hopping between sights. Child seats available on request.',
    ),
    t(
      'Full-Day Driver and Local Guide',
      'per day',
      20000,
      10,
      'Ten hours with a driver who also guides, knows where to stop for the best lunch and waits while you explore. Fuel, tolls and parking included.',
    ),
    t(
      'Evening Chauffeur for a Night Out',
      'per hour',
      4500,
      3,
      'Dinner, a show, drinks and a safe ride home, with the car waiting outside every stop. Bottled water and phone chargers on board.',
    ),
    t(
      'Minivan for Groups of up to 7',
      'per day',
      26000,
      8,
      'A spacious minivan with room for seven travellers and their luggage, perfect for family trips and wedding parties. Flexible itinerary, fuel included.',
    ),
  ],
  beauty: [
    t(
      'Bridal Hair and Makeup',
      'per session',
      25000,
      3,
      'A trial look by video call, then on-the-day hair and long-wear makeup that survives tears, heat and dancing. A touch-up kit for the evening is included.',
    ),
    t(
      'Event Makeup at Your Hotel',
      'per session',
      9000,
      1,
      'A polished look for a gala, a wedding guest or a photo shoot, done in your room in about an hour. Hypoallergenic, cruelty-free products.',
    ),
    t(
      'Gel Manicure and Pedicure',
      'per session',
      6000,
      2,
      'Cuticle care, shaping and a long-lasting gel finish on hands and feet, with more than 80 colours to choose from. Everything is sterilised between clients.',
    ),
    t(
      'Blowout and Styling',
      'per session',
      5500,
      1,
      'Wash, blow-dry and styling of your choice, from sleek and straight to soft beach waves. Heat protection that copes with humidity is included.',
    ),
    t(
      'Lash Lift and Brow Shaping',
      'per session',
      7000,
      1,
      'A natural lift that lasts six weeks, plus brow mapping, tinting and shaping. No extensions to worry about while you swim.',
    ),
    t(
      'Hydrating Facial',
      'per session',
      8500,
      1,
      'Double cleanse, gentle enzyme exfoliation, a hydrating mask and lymphatic facial massage. It undoes what the plane did to your skin.',
    ),
    t(
      'Men’s Haircut and Beard Trim',
      'per session',
      4500,
      1,
      'A precise cut, hot-towel beard trim and styling, in your room or on the terrace. Usually takes about 50 minutes.',
    ),
  ],
  fitness: [
    t(
      'Personal Training Session',
      'per session',
      7000,
      1,
      'A full-body workout planned around your goals and whatever equipment your hotel has, or none at all. You receive a written plan to keep training for the rest of your trip.',
    ),
    t(
      'Outdoor Bootcamp',
      'per session',
      3500,
      1,
      'A sweaty, friendly 60-minute circuit in the park: sprints, kettlebells, partner drills and a proper stretch at the end. Suitable for all fitness levels.',
    ),
    t(
      'Guided Running Tour of {city}',
      'per session',
      5000,
      2,
      'Eight to twelve kilometres past the best sights of {city} at a pace you choose, with photo stops and water included. The easiest way to explore a city and train at once.',
    ),
    t(
      'Boxing and Conditioning',
      'per hour',
      6500,
      1,
      'Pad work, footwork and interval conditioning with a certified coach. I bring gloves and pads in every size.',
    ),
    t(
      'Mobility and Stretch Session',
      'per hour',
      6000,
      1,
      'Assisted stretching and mobility drills for stiff hips, backs and shoulders. Ideal after flights, hikes or a week of hotel beds.',
    ),
    t(
      'Fitness Day Pass with Coach',
      'per day',
      15000,
      6,
      'Morning strength session, healthy lunch plan and an evening recovery class, all with the same coach. Designed for travellers who hate losing their routine.',
    ),
  ],
};

/** City-specific services (absolute prices, not scaled). */
export const CITY_SERVICES: Partial<Record<CityKey, Partial<Record<CategorySlug, ServiceTemplate[]>>>> = {
  lisbon: {
    tours: [
      t(
        'Alfama and Mouraria Fado Walk',
        'per session',
        4500,
        3,
        'Two and a half hours through Lisbon’s oldest quarters: hidden miradouros, the Moorish castle walls and the stories behind the azulejos. We finish in a tiny tasca where a fadista sings most evenings.',
      ),
      t(
        'Sintra and Cascais Day Trip',
        'per day',
        22000,
        8,
        'Pena Palace, the initiation well of Quinta da Regaleira, lunch in Colares and sunset at Cabo da Roca. Small-group pace, hotel pick-up and all tickets booked in advance.',
      ),
      t(
        'Belém Pastry and History Tour',
        'per session',
        4000,
        2,
        'The monuments of the Age of Discoveries, the Jerónimos cloister and, of course, warm pastéis de Belém straight from the oven. Easy walking and great for families.',
      ),
    ],
  },
  barcelona: {
    tours: [
      t(
        'Gaudí Beyond the Crowds',
        'per session',
        5500,
        3,
        'Sagrada Família with skip-the-line tickets, then the lesser-known Casa Vicens and the squares of Gràcia. I trained as an architect and love explaining the geometry behind the curves.',
      ),
      t(
        'Gothic Quarter and El Born Tapas Walk',
        'per session',
        6500,
        3,
        'Roman walls, medieval plazas and four family-run tapas bars where I know the owners. Includes six tapas, vermut and a glass of cava.',
      ),
      t(
        'Montserrat and Cava Country Day Trip',
        'per day',
        19500,
        8,
        'Morning at the Montserrat monastery to hear the Escolania choir, then lunch and a cava tasting at a Penedès vineyard. Comfortable minivan for up to seven guests.',
      ),
    ],
  },
  bangkok: {
    massage: [
      t(
        'Traditional Thai Massage, 2 Hours',
        'per session',
        4000,
        2,
        'Assisted stretching with palm and thumb pressure along the sen energy lines, on a floor mat in loose clothes and with no oil. Trained at the Wat Pho school: firm, but never painful.',
      ),
      t(
        'Thai Herbal Compress Massage',
        'per session',
        5500,
        2,
        'Steamed cotton pouches filled with lemongrass, kaffir lime and turmeric are pressed along tired muscles. Deeply warming and wonderfully fragrant.',
      ),
    ],
    tours: [
      t(
        'Chinatown Street Food by Night',
        'per session',
        3500,
        3,
        'Yaowarat Road after dark: crispy pork, rolled noodles, mango sticky rice and the best oyster omelette in town. Twelve tastings across three hours, vegetarian options on request.',
      ),
      t(
        'Floating Market and Railway Market Day Trip',
        'per day',
        9000,
        8,
        'An early start to Damnoen Saduak before the crowds, then we watch the train squeeze through the Maeklong market. Air-conditioned car, lunch and boat fee included.',
      ),
      t(
        'Temples and Canals by Longtail Boat',
        'per session',
        4500,
        3,
        'Wat Arun at golden hour, the quiet Thonburi khlongs and a stop at an artisan’s house that still casts temple bells. Boat and entry fees included.',
      ),
    ],
    fitness: [
      t(
        'Muay Thai Private Lesson',
        'per hour',
        2500,
        1,
        'Stance, kicks, knees and elbows with a former Lumpinee fighter, on pads and the heavy bag. Complete beginners are welcome; gloves, wraps and shorts provided.',
      ),
      t(
        'Muay Thai Fight-Camp Day',
        'per day',
        6000,
        6,
        'Train like a fighter for a day: morning run, two technique sessions, clinch work and a Thai lunch with the camp. Transport from central Bangkok included.',
      ),
    ],
  },
  bali: {
    massage: [
      t(
        'Balinese Massage with Frangipani Oil',
        'per session',
        3500,
        2,
        'A traditional blend of long strokes, skin rolling and acupressure using locally pressed frangipani oil. I come to your villa with everything, including a flower foot bath.',
      ),
      t(
        'Boreh Spice Scrub and Massage',
        'per session',
        5000,
        2,
        'The Balinese rice-farmer’s remedy: a warming paste of ginger, clove and rice powder followed by a 60-minute massage. Ideal on cool, rainy evenings in Ubud.',
      ),
    ],
    tours: [
      t(
        'Ubud Rice Terraces and Water Temple Trek',
        'per session',
        4000,
        4,
        'An easy sunrise walk through the Tegallalang and Sebatu terraces, then a purification blessing at the holy springs of Tirta Empul. Sarong, offering and fresh coconut included.',
      ),
      t(
        'Mount Batur Sunrise Hike',
        'per session',
        6000,
        6,
        'Pick-up at 2 am, a two-hour climb by headlamp and breakfast cooked in volcanic steam at the summit. One experienced guide for every four hikers.',
      ),
      t(
        'East Bali Hidden Temples Day Trip',
        'per day',
        7500,
        9,
        'The Gates of Heaven at Lempuyang, the Tirta Gangga water palace and a village weaving cooperative. Flexible timing and no tourist-trap shopping stops.',
      ),
    ],
    yoga: [
      t(
        'Jungle Deck Vinyasa in Ubud',
        'per session',
        2500,
        2,
        'A 90-minute flow on an open bamboo deck above the Ayung river valley, with birdsong instead of music. Mats, water and fresh fruit afterwards.',
      ),
    ],
  },
  mexico: {
    tours: [
      t(
        'Centro Histórico and Mezcal Tasting',
        'per session',
        5000,
        3,
        'The Zócalo, the Diego Rivera murals in the Palacio Nacional and the ruins of Templo Mayor, ending with a guided tasting of four small-batch mezcales.',
      ),
      t(
        'Teotihuacán at Opening Time',
        'per day',
        12000,
        8,
        'We leave at 6:30 to climb the Pyramid of the Sun before the crowds and the heat. Archaeologist guide, entry tickets and lunch in a cave restaurant included.',
      ),
      t(
        'Coyoacán and Frida Kahlo Afternoon',
        'per session',
        4500,
        3,
        'Timed tickets to the Casa Azul, a stroll through Coyoacán’s plazas and churros at the market. Museum slots sell out weeks ahead, so I book them for you.',
      ),
    ],
    'private-chef': [
      t(
        'Mole from Scratch Workshop',
        'per session',
        9500,
        4,
        'Toast, grind and simmer 26 ingredients into a mole poblano the way my grandmother taught me in Puebla. We eat it with handmade tortillas and you take a jar home.',
      ),
    ],
  },
  newyork: {
    tours: [
      t(
        'Lower Manhattan Insider Walk',
        'per session',
        8000,
        3,
        'Wall Street, the 9/11 Memorial, Stone Street and the Staten Island Ferry for the best free view of the Statue of Liberty. Three hours, plenty of stories, zero tourist traps.',
      ),
      t(
        'Brooklyn Bridge, DUMBO and Pizza Crawl',
        'per session',
        9000,
        3,
        'Walk the bridge at golden hour, then eat three slices at three legendary pizzerias. I am a third-generation Brooklynite with strong opinions about crust.',
      ),
      t(
        'Harlem Jazz and Soul Food Evening',
        'per session',
        11000,
        3,
        'Dinner at a soul-food institution followed by a live set at a neighbourhood jazz club. Cover charges included; smart-casual dress.',
      ),
    ],
  },
  saopaulo: {
    tours: [
      t(
        'Avenida Paulista and Street Art Walk',
        'per session',
        4500,
        3,
        'From the floating MASP gallery to the murals of Beco do Batman, a tour of São Paulo’s art scene with a painter who exhibits there. Ends with coffee at a specialty roaster.',
      ),
      t(
        'Mercadão Food Tasting Tour',
        'per session',
        4000,
        3,
        'The famous mortadella sandwich, exotic fruits like cupuaçu and jabuticaba, and pastel de bacalhau at the Municipal Market. Come hungry.',
      ),
      t(
        'Santos Coast and Coffee Museum Day Trip',
        'per day',
        14000,
        9,
        'Down the Serra do Mar to the old Coffee Exchange museum, the Pelé museum and a long lunch by the beach. Private car for up to four guests.',
      ),
    ],
  },
  tokyo: {
    massage: [
      t(
        'Shiatsu Session at Your Hotel',
        'per session',
        11000,
        1,
        'Finger and palm pressure on meridian points through light clothing, in the Namikoshi tradition. Especially good for jet lag, stiff necks and sleepless nights.',
      ),
    ],
    tours: [
      t(
        'Yanaka and Old Tokyo Morning Walk',
        'per session',
        9000,
        3,
        'Temples, cat-filled alleys and wooden shops that survived the war in Tokyo’s most nostalgic neighbourhood. Includes a tea ceremony in a 100-year-old house.',
      ),
      t(
        'Shinjuku Izakaya Hopping',
        'per session',
        12000,
        3,
        'Omoide Yokocho, Golden Gai and a basement izakaya with no English menu, which is exactly why you need me. Four stops with food and drinks included.',
      ),
      t(
        'Kamakura and Enoshima Day Trip',
        'per day',
        26000,
        9,
        'The Great Buddha, the bamboo grove at Hokokuji and sunset over Mount Fuji from Enoshima island. Train passes and lunch included.',
      ),
    ],
    'private-chef': [
      t(
        'Omakase Sushi at Home',
        'per session',
        52000,
        2,
        'A sushi counter in your apartment: twelve pieces of nigiri cut in front of you from the morning’s Toyosu market fish, plus miso soup and tamago. For up to four guests.',
      ),
    ],
  },
};
