/**
 * Review texts and message scripts of the demo data. Placeholders: {t} traveler's first name,
 * {p} provider's first name, {day} weekday of the booking, {time} its local start time,
 * {place} a neighbourhood of the city, {city}, {service} the service title.
 */
import type { CategorySlug } from '../../../../shared/domain/categories.ts';

export const REVIEWS: Record<CategorySlug, { 5: string[]; 4: string[] }> = {
  massage: {
    5: [
      'Best massage I have had in years. {p} found knots in my shoulders I did not know I had, and I slept ten hours straight afterwards.',
      'Arrived exactly on time, set up in our small room in minutes and was so professional. My lower back has not felt this good since before the flight.',
      'Firm when I asked for firm, gentle where it needed to be. Booking again before we leave {city}.',
      'We booked this on our first night to fight the jet lag and it worked. Lovely oils, warm towels and a very calm presence.',
    ],
    4: [
      'Really good massage and great technique. Ten minutes late because of traffic, but {p} made up the time at the end.',
      'Very relaxing. I would have liked a little more pressure on the legs, but I should have said so. Would book again.',
      'Lovely treatment, though the table was a bit short for my husband (he is 1.95 m). Still worth every cent.',
    ],
  },
  tours: {
    5: [
      '{p} is a born storyteller. Three hours flew by and we saw corners of {city} we would never have found on our own.',
      'The highlight of our trip. Great pace, perfect food stops, and {p} made our teenagers laugh, which is a miracle.',
      'Every detail was taken care of, from the tickets to the lunch spot. Worth it just to skip the queues.',
      'We asked a thousand questions and {p} had an answer and an anecdote for every one of them. Highly recommended.',
    ],
    4: [
      'Excellent guide and a beautiful route. It was a bit long for our six-year-old, so maybe choose the short version with kids.',
      'Great tour with lots of history. The last stop was crowded, but {p} adapted quickly and took us somewhere quieter.',
      'Very knowledgeable and friendly. The price is on the higher side, but the quality shows.',
    ],
  },
  'private-chef': {
    5: [
      'Our group of six is still talking about that dinner. Every course was beautiful and {p} left the kitchen spotless.',
      'We did the cooking class with our kids and they now want to cook every night. Clear, patient and so much fun.',
      '{p} handled my nut allergy and my partner’s vegetarian diet without making it feel like a compromise. Outstanding food.',
      'Better than most restaurants we have been to in {city}, and we did not have to leave the terrace.',
    ],
    4: [
      'Delicious food and a lovely evening. The main course came out a little late, but it was worth the wait.',
      'Great class and recipes. I wish we had made one more dish, but three hours went by quickly.',
      'Excellent ingredients and generous portions. Wine pairing was a nice touch, if a bit pricey.',
    ],
  },
  doctor: {
    5: [
      'My daughter had a high fever at 10 pm and {p} was at our hotel before midnight. Calm, thorough and reassuring.',
      'Excellent English, clear explanations and a written report that our insurance accepted without any questions.',
      'Food poisoning on day two of our trip. One visit, the right medication and I was back on my feet the next morning.',
      'Very professional and kind. Sent a follow-up message the next day to check on me, which I really appreciated.',
    ],
    4: [
      'Good care and quick diagnosis. The wait was a bit longer than promised, but the doctor called to let us know.',
      'Thorough and friendly. The prescription was easy to fill at the pharmacy around the corner.',
      'Helpful video consultation; it saved us a trip to the clinic. A little rushed at the end.',
    ],
  },
  yoga: {
    5: [
      'The perfect way to start our day in {city}. {p} adapted every pose to my bad knee and I felt amazing afterwards.',
      'A beautiful, gentle session that fixed my jet lag better than any coffee. The breathing exercises are now part of my routine.',
      'My first ever yoga class and I never felt lost or judged. {p} has a gift for explaining things simply.',
      'Stunning location, calm energy and a sequence that finally opened up my hips after two long flights.',
    ],
    4: [
      'Lovely class. It started a bit later than planned, but the teaching was excellent.',
      'Really enjoyed it. The outdoor spot was busier than expected on a Saturday morning, but still peaceful.',
      'A great session, maybe a touch too slow for me, but my partner loved it.',
    ],
  },
  babysitting: {
    5: [
      'Our kids adored {p}. We came back from dinner to two sleeping children, a tidy room and a little note about the evening.',
      'Punctual, warm and clearly experienced. Our toddler, who usually cries with new people, was laughing within minutes.',
      '{p} brought crafts and stories in English and our children still talk about the paper boats they made.',
      'We finally had a proper date night on holiday. Photos and updates during the evening made it completely stress-free.',
    ],
    4: [
      'Very kind and reliable. The children loved the games; bedtime was a little later than we asked, but no harm done.',
      'Great with our baby. Communication before the booking was quick and clear.',
      'Lovely sitter, the kids were happy. Took a while to find the hotel room, but she called ahead.',
    ],
  },
  driver: {
    5: [
      '{p} was waiting at arrivals with a sign and cold water after our 14-hour flight. Spotless car and a very smooth ride.',
      'Knows every shortcut in {city} and every good lunch spot outside it. The full day felt like travelling with a friend.',
      'Patient with our three kids and all our luggage. Child seats were already installed when we arrived.',
      'Safe, punctual and great recommendations along the way. We booked the return trip on the spot.',
    ],
    4: [
      'Comfortable car and a careful driver. Traffic made us a bit late for dinner, but that is hardly his fault.',
      'Good service overall. The car was lovely; the air conditioning was a bit too strong for me.',
      'Reliable and friendly, with good English. Would use again.',
    ],
  },
  beauty: {
    5: [
      '{p} did my bridal makeup and it lasted through tears, a heatwave and six hours of dancing. I felt like myself, only better.',
      'The gel manicure still looks perfect two weeks later, after a lot of swimming. Very hygienic and precise.',
      'Exactly the look I asked for, done in my hotel room with a view. Calm, kind and so talented.',
      'The facial undid what the long-haul flight did to my skin. My friends asked if I had slept for a week.',
    ],
    4: [
      'Lovely result and very professional. It took a bit longer than expected, so leave some buffer before your event.',
      'Great blowout, though the waves dropped a little by the evening in the humidity. Still very happy.',
      'Beautiful nails and a friendly chat. The colour range was smaller than I hoped, but she found a great match.',
    ],
  },
  fitness: {
    5: [
      'Tough, fun and perfectly adapted to my level. {p} designed a hotel-room routine I can keep doing for the rest of the trip.',
      'The running tour was the best way to see {city}: twelve kilometres, dozens of stories and great photo stops.',
      'Finally a trainer who listens. My shoulder injury was taken seriously and the session was still challenging.',
      'Brutal in the best way. I could barely climb the stairs the next day, and I loved every minute.',
    ],
    4: [
      'Solid session and a motivating coach. The park was crowded, so we lost a few minutes finding space.',
      'Great workout. Would have liked a bit more stretching at the end, but I will definitely book again.',
      'Good energy and a clear plan. A little pricey for one session, but the follow-up plan added value.',
    ],
  },
};

export const LOW_REVIEWS: Record<1 | 2 | 3, string[]> = {
  3: [
    'Decent, but not quite what the description promised. {p} was friendly, though, and tried to make up for it.',
    'It was fine. Good value, but the timing was chaotic and we waited almost half an hour at the start.',
    'Nice person, average experience. I think it depends a lot on the day.',
  ],
  2: [
    'Arrived 40 minutes late without letting us know, which cut into our evening. The service itself was OK.',
    'Not great. The session felt rushed and the equipment was not in good condition.',
  ],
  1: [
    'Arrived very late, rushed through everything and skipped half of what we had agreed. Not worth the price, sadly.',
  ],
};

/** The traveler's first message and the provider's answer, per category. */
export const OPENERS: Record<CategorySlug, { ask: string; answer: string }[]> = {
  massage: [
    {
      ask: 'Hi {p}! We are staying in a small apartment in {place}. Is there enough room for your table, or should we clear the living room?',
      answer:
        'Hi {t}! I only need about two by one metres of floor space, the living room will be perfect. I bring the table, towels and oils.',
    },
    {
      ask: 'Hello! I have a stiff neck from the flight and a sore lower back. Could you focus on those areas?',
      answer:
        'Of course, {t}. I will spend extra time on the neck and lower back and finish with some gentle stretching. Please drink plenty of water before the session.',
    },
  ],
  tours: [
    {
      ask: 'Hi {p}, we are two adults and a 9-year-old who loves castles. Is the route OK for kids?',
      answer:
        'Hello {t}! Absolutely, I have a version with a few more stories about knights and fewer museums. Comfortable shoes are a must, the streets are steep!',
    },
    {
      ask: 'Hello! Where exactly do we meet? Our hotel is in {place}.',
      answer: 'Hi {t}! I will pick you up in the hotel lobby, it is on the way. Look for the green umbrella.',
    },
  ],
  'private-chef': [
    {
      ask: 'Hi {p}! One of our guests is vegetarian and another is allergic to shellfish. Is that OK for the menu?',
      answer:
        'Hello {t}, no problem at all. I will send you a proposed menu tomorrow with a vegetarian version of each course, and I will keep shellfish out of the kitchen entirely.',
    },
    {
      ask: 'Hello {p}! Our kitchen is quite basic (two burners and a small oven). Will that work?',
      answer:
        'Hi {t}! That is more than enough, I travel with my own knives, pans and a portable burner. Just make sure there is some fridge space for me.',
    },
  ],
  doctor: [
    {
      ask: 'Hello Doctor, my son (6) has had a fever of 38.9 since this morning and a sore throat. Can you come to our hotel in {place}?',
      answer:
        'Hello {t}. Yes, I can be there at the booked time. Meanwhile keep him drinking and you may give paracetamol according to his weight. Please have his vaccination record handy if you travel with it.',
    },
    {
      ask: 'Hi, I think I have food poisoning since last night. Is it possible to get a visit today?',
      answer:
        'Hi {t}, I am sorry to hear that. I will come at the booked time with rehydration and medication. Sip water or an oral rehydration drink in small amounts until then.',
    },
  ],
  yoga: [
    {
      ask: 'Hi {p}! I am a complete beginner and a bit stiff. Is the session suitable for me?',
      answer:
        'Hi {t}! Absolutely, I will adapt everything to you. Wear something comfortable and avoid a big meal in the two hours before.',
    },
    {
      ask: 'Hello! Do we need to bring our own mats?',
      answer:
        'Hello {t}! No need, I bring mats, blocks and straps for everyone. Just bring water and maybe a light sweater for the end of the class.',
    },
  ],
  babysitting: [
    {
      ask: 'Hi {p}! Our daughters are 3 and 6. The little one needs to be asleep by 8. Is that OK?',
      answer:
        'Hi {t}! Of course. We will do bath, pyjamas and two stories, and the big one can stay up a little later for a board game. Tell me if there are any allergies.',
    },
    {
      ask: 'Hello! Our baby is 9 months old and still has a bottle before bed. Are you comfortable with that?',
      answer:
        'Hello {t}, yes, I have cared for many babies that age. Please leave the formula and instructions on the counter and I will follow your routine exactly.',
    },
  ],
  driver: [
    {
      ask: 'Hi {p}! We land at 7:40 with four suitcases and a stroller. Will everything fit?',
      answer:
        'Hi {t}! Yes, no problem, the car has a large boot and I can fold the third row. I will track your flight and wait at arrivals with a sign.',
    },
    {
      ask: 'Hello! Could we stop for lunch somewhere local on the way?',
      answer:
        'Hello {t}! Of course, I know a family place on the way with the best food in the area. I will call ahead to reserve a table.',
    },
  ],
  beauty: [
    {
      ask: 'Hi {p}! It is for a wedding on Saturday, I would like something soft and natural. Can I send you some photos?',
      answer:
        'Hi {t}! Yes please, send photos of the dress and a few looks you like. I will bring a palette that suits an outdoor ceremony.',
    },
    {
      ask: 'Hello! Do you have nude or soft pink gel colours?',
      answer:
        'Hello {t}! I have about fifteen nudes and pinks. I will bring the whole range so you can choose in good light.',
    },
  ],
  fitness: [
    {
      ask: 'Hi {p}! My hotel gym only has dumbbells up to 15 kg. Is that enough?',
      answer:
        'Hi {t}! That is plenty. I will also bring resistance bands and a kettlebell. Eat something light an hour before.',
    },
    {
      ask: 'Hello! I am training for a half marathon. Can we include some running drills?',
      answer:
        'Hello {t}! Great, we will do a running-technique warm-up, intervals and a strength block for the legs and core.',
    },
  ],
};

export const FOLLOW_UPS: { ask: string; answer: string }[] = [
  {
    ask: 'Perfect, thank you! Should I tell reception you are coming?',
    answer: 'Yes please, just leave my name at the front desk. See you on {day} at {time}!',
  },
  {
    ask: 'Great. Is it possible to pay the extra hour on the day if we want to continue?',
    answer: 'Of course, just tell me on the day and we will add it. See you {day}!',
  },
  {
    ask: 'Sounds wonderful. Anything else we should prepare?',
    answer: 'Nothing at all, {t}. I will message you when I am on my way.',
  },
  { ask: 'Thanks {p}, looking forward to it!', answer: 'Me too! See you on {day} at {time}.' },
];

export const PENDING_REPLIES = [
  'Thanks for your request, {t}! I am checking my schedule and will confirm within the hour.',
  'Hi {t}, thank you! I should be free on {day}; I will confirm later today.',
];

export const THANKS: { ask: string; answer: string }[] = [
  { ask: 'Thank you so much, {p}, it was wonderful!', answer: 'It was a pleasure, {t}. Enjoy the rest of your trip!' },
  {
    ask: 'Thanks again for today, we had a great time.',
    answer: 'Thank you for having me! If you come back to {city}, you know where to find me.',
  },
  {
    ask: 'Just wanted to say thank you, that was the highlight of our week.',
    answer: 'That makes my day, {t}. Safe travels!',
  },
];

export const CANCELLATIONS: { ask: string; answer: string }[] = [
  {
    ask: 'So sorry, {p}, our flight was moved and we have to cancel.',
    answer: 'No problem at all, {t}. I hope the rest of the trip goes smoothly. Maybe next time!',
  },
  {
    ask: 'Unfortunately one of us is sick, we need to cancel. Apologies for the short notice.',
    answer: 'I am sorry to hear that, {t}. Get well soon, and feel free to book again when you are better.',
  },
];

export const REFUNDS: { ask: string; answer: string }[] = [
  {
    ask: 'Hi {p}, the weather forecast is terrible for {day}. Could we cancel and get a refund?',
    answer:
      'Of course, {t}, safety first. I have issued the full refund; it can take five to ten days to appear on your card.',
  },
  {
    ask: 'We had to leave {city} early because of a family emergency. Is a refund possible?',
    answer: 'I am so sorry, {t}. I have refunded the booking in full. Take care of yourselves.',
  },
];
