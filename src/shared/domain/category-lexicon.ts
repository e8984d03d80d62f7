/**
 * What travelers call our categories in their languages (Portuguese, Spanish, Indonesian, Thai,
 * Japanese), beside the place lexicon that knows other names of cities. A search rewrites each of
 * these words to the English word of the category's name, which every service's search vector holds
 * (its category name is indexed with the title), so "massagem", "pijat" and "マッサージ" find the
 * Massage category and the services whose titles say massage.
 *
 * Keys are lower case without Latin accents (as `normaliseQueryText` writes them); a key of
 * several words matches those words in a row. Keys in scripts written without spaces (Thai,
 * Japanese) also match inside a longer run of text ("東京でマッサージ").
 */
export const CATEGORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  // The English word each category's name holds (CATEGORIES in categories.ts).
  massage: [
    'massagem',
    'massagens',
    'masaje',
    'masajes',
    'pijat',
    'urut',
    'spa pijat',
    'マッサージ',
    '按摩',
    'นวด',
    'นวดแผนไทย',
  ],
  tour: [
    'passeio',
    'passeios',
    'excursao',
    'excursoes',
    'excursion',
    'excursiones',
    'paseo',
    'paseos',
    'recorrido',
    'recorridos',
    'visita guiada',
    'visitas guiadas',
    'wisata',
    'tur',
    'jalan jalan',
    'ツアー',
    '観光',
    'ทัวร์',
    'เที่ยว',
  ],
  chef: [
    'chef privado',
    'chef particular',
    'chef pribadi',
    'cozinheiro',
    'cozinheira',
    'cocinero',
    'cocinera',
    'koki',
    'juru masak',
    'シェフ',
    '料理人',
    'เชฟ',
  ],
  doctor: ['medico', 'medica', 'doutor', 'doutora', 'dokter', '医者', '医師', 'หมอ', 'แพทย์'],
  yoga: ['ioga', 'ヨガ', 'โยคะ'],
  babysitting: [
    'baba',
    'babysitter',
    'ninera',
    'canguro',
    'cuidadora de ninos',
    'pengasuh anak',
    'pengasuh',
    'ベビーシッター',
    'พี่เลี้ยงเด็ก',
  ],
  driver: ['motorista', 'chofer', 'chofer privado', 'conductor', 'sopir', 'supir', '運転手', 'ドライバー', 'คนขับรถ'],
  beauty: ['beleza', 'belleza', 'kecantikan', 'salon kecantikan', '美容', 'ความงาม'],
  fitness: [
    'academia',
    'treino',
    'entrenamiento',
    'entrenador personal',
    'personal trainer',
    'kebugaran',
    'フィットネス',
    'ฟิตเนส',
  ],
};

/**
 * Words that only say "a class of" ("clases de yoga", "aulas de ioga", "kelas yoga", "ヨガレッスン"):
 * dropped, with the "de" that follows them, so that the category word is what is searched.
 */
export const CLASS_WORDS: readonly string[] = [
  'clase',
  'clases',
  'aula',
  'aulas',
  'curso',
  'cursos',
  'kelas',
  'les',
  'レッスン',
  '教室',
  'คลาส',
];
