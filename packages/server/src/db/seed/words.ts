/** Word lists for the demo catalogue's artists, titles, captions and keywords. */

export const FIRST_NAMES = [
  'Ada', 'Alma', 'Amara', 'Anders', 'Aurelio', 'Beatrix', 'Bjorn', 'Camille', 'Cass', 'Celeste',
  'Dario', 'Delphine', 'Eero', 'Elif', 'Emeka', 'Esme', 'Farah', 'Felix', 'Greta', 'Hana',
  'Hugo', 'Ines', 'Isak', 'Jonah', 'Juno', 'Kai', 'Keiko', 'Lars', 'Leila', 'Lucia',
  'Mabel', 'Mateo', 'Mira', 'Nadia', 'Nils', 'Noor', 'Odile', 'Olu', 'Pia', 'Quentin',
  'Rafael', 'Rosa', 'Ruth', 'Sami', 'Saoirse', 'Soren', 'Tamsin', 'Teodor', 'Uma', 'Vera',
  'Wen', 'Wilhelmina', 'Xavier', 'Yara', 'Yusuf', 'Zadie', 'Zofia', 'Arlo', 'Bea', 'Cyrus',
] as const;

export const LAST_NAMES = [
  'Abernathy', 'Achebe', 'Baptiste', 'Bergstrom', 'Calloway', 'Castellanos', 'Dahl', 'Delacroix',
  'Eriksen', 'Esposito', 'Fairweather', 'Fontaine', 'Galloway', 'Haddad', 'Halvorsen', 'Ibarra',
  'Ishikawa', 'Jansen', 'Kowalski', 'Lindqvist', 'Lowell', 'Marchetti', 'Mbeki', 'Moreau',
  'Nakamura', 'Novak', 'Okafor', 'Oyelaran', 'Petrov', 'Quinlan', 'Rasmussen', 'Rinaldi',
  'Sandoval', 'Sato', 'Sinclair', 'Sorensen', 'Tanaka', 'Thorne', 'Underwood', 'Valentin',
  'Vasquez', 'Whitlock', 'Winter', 'Xu', 'Yamamoto', 'Zeller', 'Ashdown', 'Blackwood',
  'Corrigan', 'Drummond', 'Ellery', 'Farrow', 'Greaves', 'Holloway', 'Ingram', 'Jessop',
  'Kerrigan', 'Larkspur', 'Merriweather', 'Northcott',
] as const;

export interface Theme {
  name: string;
  /** Nouns for titles; the first word of each also becomes a keyword. */
  nouns: readonly string[];
  keywords: readonly string[];
  /** Mostly photographs, or mostly fine art (paintings, prints, drawings). */
  photographyShare: number;
  /** Share of images of this theme that show people. */
  peopleShare: number;
}

export const THEMES: readonly Theme[] = [
  {
    name: 'landscape',
    nouns: ['Valley', 'Meadow', 'Ridge', 'Hills', 'Field', 'Prairie', 'Dunes', 'Canyon', 'Highlands', 'Moor'],
    keywords: ['landscape', 'nature', 'hills', 'sky', 'clouds', 'countryside', 'scenic', 'outdoors', 'horizon', 'mountains', 'field', 'sunset', 'sunrise', 'trees'],
    photographyShare: 0.6,
    peopleShare: 0.05,
  },
  {
    name: 'seascape',
    nouns: ['Harbour', 'Tide', 'Shore', 'Cove', 'Lighthouse', 'Surf', 'Bay', 'Pier', 'Estuary', 'Reef'],
    keywords: ['sea', 'ocean', 'beach', 'coast', 'waves', 'water', 'boats', 'sailing', 'seascape', 'sand', 'lighthouse', 'summer', 'nautical'],
    photographyShare: 0.55,
    peopleShare: 0.1,
  },
  {
    name: 'botanical',
    nouns: ['Peonies', 'Fern', 'Magnolia', 'Tulips', 'Orchid', 'Wildflowers', 'Poppies', 'Eucalyptus', 'Lilies', 'Garden'],
    keywords: ['botanical', 'flowers', 'floral', 'plants', 'leaves', 'garden', 'bloom', 'petals', 'spring', 'nature', 'still life'],
    photographyShare: 0.35,
    peopleShare: 0.02,
  },
  {
    name: 'urban',
    nouns: ['Avenue', 'Skyline', 'Crossing', 'Rooftops', 'Subway', 'Alley', 'Bridge', 'Station', 'Boulevard', 'Market'],
    keywords: ['city', 'urban', 'street', 'architecture', 'buildings', 'skyline', 'night', 'lights', 'travel', 'downtown', 'bridge'],
    photographyShare: 0.8,
    peopleShare: 0.35,
  },
  {
    name: 'abstract',
    nouns: ['Composition', 'Study', 'Rhythm', 'Fragments', 'Resonance', 'Field', 'Echo', 'Tension', 'Drift', 'Interval'],
    keywords: ['abstract', 'modern', 'contemporary', 'geometric', 'shapes', 'colour field', 'minimal', 'texture', 'pattern', 'lines', 'circles'],
    photographyShare: 0.05,
    peopleShare: 0,
  },
  {
    name: 'portrait',
    nouns: ['Portrait', 'Figure', 'Dancer', 'Reader', 'Musician', 'Sitter', 'Gaze', 'Profile', 'Muse', 'Stranger'],
    keywords: ['portrait', 'people', 'woman', 'man', 'face', 'figure', 'fashion', 'person', 'expression', 'studio'],
    photographyShare: 0.5,
    peopleShare: 0.95,
  },
  {
    name: 'wildlife',
    nouns: ['Heron', 'Fox', 'Owl', 'Stag', 'Hare', 'Kingfisher', 'Elephant', 'Wolves', 'Starlings', 'Tiger'],
    keywords: ['animals', 'wildlife', 'birds', 'nature', 'forest', 'safari', 'animal', 'wild', 'feathers', 'fur'],
    photographyShare: 0.65,
    peopleShare: 0.01,
  },
  {
    name: 'still life',
    nouns: ['Pears', 'Teacups', 'Lemons', 'Vessels', 'Bottles', 'Table', 'Bowl', 'Pomegranates', 'Books', 'Jug'],
    keywords: ['still life', 'kitchen', 'fruit', 'interior', 'objects', 'vintage', 'food', 'tableware', 'classic'],
    photographyShare: 0.3,
    peopleShare: 0,
  },
  {
    name: 'architecture',
    nouns: ['Facade', 'Cathedral', 'Staircase', 'Arches', 'Dome', 'Colonnade', 'Villa', 'Courtyard', 'Tower', 'Atrium'],
    keywords: ['architecture', 'building', 'design', 'interior', 'historic', 'columns', 'stairs', 'windows', 'landmark', 'travel'],
    photographyShare: 0.75,
    peopleShare: 0.1,
  },
  {
    name: 'travel',
    nouns: ['Piazza', 'Village', 'Harbour Town', 'Terraces', 'Vineyard', 'Souk', 'Canal', 'Temple', 'Lanterns', 'Road'],
    keywords: ['travel', 'vintage travel', 'europe', 'italy', 'france', 'japan', 'morocco', 'destination', 'culture', 'holiday', 'poster'],
    photographyShare: 0.55,
    peopleShare: 0.3,
  },
];

export const ADJECTIVES = [
  'Quiet', 'Golden', 'Silver', 'Distant', 'Early', 'Late', 'Blue', 'Hidden', 'Northern', 'Southern',
  'Winter', 'Summer', 'Autumn', 'Spring', 'Evening', 'Morning', 'Still', 'Wild', 'Gentle', 'Bright',
  'Faded', 'Misty', 'Luminous', 'Secret', 'Open', 'Last', 'First', 'Little', 'Endless', 'Soft',
] as const;

export const PLACES = [
  'Lake Como', 'the Hebrides', 'Kyoto', 'Marrakesh', 'Big Sur', 'Provence', 'Lisbon', 'the Fjords',
  'Santorini', 'the Dolomites', 'Patagonia', 'Cornwall', 'Brooklyn', 'Havana', 'the Outback',
  'Reykjavik', 'Tuscany', 'the Highlands', 'Cape Cod', 'Amalfi',
] as const;

export const MEDIA_FINE_ART = [
  'Oil on canvas', 'Watercolour on paper', 'Acrylic on board', 'Gouache study', 'Linocut print',
  'Charcoal and pastel', 'Mixed media collage', 'Screen print', 'Ink drawing', 'Digital painting',
] as const;

export const MEDIA_PHOTOGRAPHY = [
  'Photograph', 'Film photograph', 'Long exposure', 'Aerial photograph', 'Black and white photograph',
  'Medium format photograph', 'Archival pigment print of a photograph', 'Digital photograph',
] as const;

export const MOODS = [
  'calm', 'light-filled', 'quiet', 'vivid', 'moody', 'playful', 'contemplative', 'bold', 'serene',
  'nostalgic', 'dramatic', 'airy',
] as const;
