/**
 * The neutral 4:3 picture for a service without photos (and the client's last fallback). A fixed
 * SVG: a soft sky, two hills and a map pin.
 */
export const PLACEHOLDER_PATH = '/media/placeholder.svg';

export const PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="No photo yet">',
  '<title>No photo yet</title>',
  '<defs>',
  '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f7"/><stop offset="1" stop-color="#d9e1ec"/></linearGradient>',
  '<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
  '</defs>',
  '<rect width="800" height="600" fill="url(#bg)"/>',
  '<circle cx="595.2" cy="164.1" r="254.4" fill="url(#glow)"/>',
  '<path d="M259.7 141.8C259.5 178.7 232.2 229.5 203 251.8C173.9 274.1 122 283.1 84.8 275.6C47.5 268.2 -7.8 238.1 -20.5 207.2C-33.2 176.4 -9.2 122.4 8.6 90.4C26.5 58.5 54 25.6 86.5 15.7C119.1 5.7 175 9.7 203.9 30.7C232.8 51.7 259.8 105 259.7 141.8Z" fill="#ffffff" opacity="0.3"/>',
  '<path d="M875.4 380.2C875.3 414.7 864 460.1 839 483.2C813.9 506.2 755.4 527.8 725.3 518.5C695.1 509.3 670.9 459.3 658.3 427.6C645.8 396 639.4 362.4 649.9 328.7C660.4 295 689.8 234.2 721.5 225.5C753.2 216.7 814.2 250.3 839.9 276C865.5 301.8 875.6 345.7 875.4 380.2Z" fill="#dfe5ed" opacity="0.28"/>',
  '<path d="M0 470Q200 400 420 460T800 440V600H0Z" fill="#b8c6d6"/>',
  '<path d="M0 520Q240 470 460 520T800 500V600H0Z" fill="#9fb3c8"/>',
  '<ellipse cx="400" cy="470" rx="40" ry="9" fill="#1a1020" opacity="0.2"/>',
  '<path d="M400 470C380 420 330 380 330 320A70 70 0 0 1 470 320C470 380 420 420 400 470Z" fill="#7c93ad"/>',
  '<circle cx="400" cy="320" r="26" fill="#ffffff"/>',
  '</svg>',
].join('');
