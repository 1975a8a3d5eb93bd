/**
 * The UK postcode areas (the letters that start a postcode: LS, M, EH...) and the approximate
 * centre of each area's main post town, to 2 dp. Approximate on purpose: the near-me page only
 * needs the nearest town we sell in, not a street. Crown dependencies (GY, JE, IM) are included;
 * non-geographic areas (BF, BX) are not, so they resolve to no place.
 */
export const POSTCODE_AREA_CENTRES: Readonly<Record<string, readonly [lat: number, lon: number]>> = {
  AB: [57.15, -2.09], // Aberdeen
  AL: [51.75, -0.34], // St Albans
  B: [52.48, -1.89], // Birmingham
  BA: [51.38, -2.36], // Bath
  BB: [53.75, -2.48], // Blackburn
  BD: [53.8, -1.76], // Bradford
  BH: [50.72, -1.88], // Bournemouth
  BL: [53.58, -2.43], // Bolton
  BN: [50.82, -0.14], // Brighton
  BR: [51.41, 0.02], // Bromley
  BS: [51.45, -2.59], // Bristol
  BT: [54.6, -5.93], // Belfast
  CA: [54.89, -2.93], // Carlisle
  CB: [52.21, 0.12], // Cambridge
  CF: [51.48, -3.18], // Cardiff
  CH: [53.19, -2.89], // Chester
  CM: [51.74, 0.47], // Chelmsford
  CO: [51.89, 0.9], // Colchester
  CR: [51.37, -0.1], // Croydon
  CT: [51.28, 1.08], // Canterbury
  CV: [52.41, -1.51], // Coventry
  CW: [53.1, -2.44], // Crewe
  DA: [51.45, 0.21], // Dartford
  DD: [56.46, -2.97], // Dundee
  DE: [52.92, -1.47], // Derby
  DG: [55.07, -3.61], // Dumfries
  DH: [54.78, -1.57], // Durham
  DL: [54.52, -1.55], // Darlington
  DN: [53.52, -1.13], // Doncaster
  DT: [50.71, -2.44], // Dorchester
  DY: [52.51, -2.09], // Dudley
  E: [51.53, -0.05], // London East
  EC: [51.52, -0.09], // London East Central
  EH: [55.95, -3.19], // Edinburgh
  EN: [51.65, -0.08], // Enfield
  EX: [50.72, -3.53], // Exeter
  FK: [56.0, -3.78], // Falkirk
  FY: [53.82, -3.05], // Blackpool
  G: [55.86, -4.25], // Glasgow
  GL: [51.86, -2.24], // Gloucester
  GU: [51.24, -0.57], // Guildford
  GY: [49.45, -2.54], // Guernsey
  HA: [51.58, -0.34], // Harrow
  HD: [53.65, -1.78], // Huddersfield
  HG: [53.99, -1.54], // Harrogate
  HP: [51.75, -0.47], // Hemel Hempstead
  HR: [52.06, -2.72], // Hereford
  HS: [58.21, -6.39], // Outer Hebrides
  HU: [53.77, -0.33], // Hull
  HX: [53.72, -1.86], // Halifax
  IG: [51.56, 0.08], // Ilford
  IM: [54.15, -4.48], // Isle of Man
  IP: [52.06, 1.15], // Ipswich
  IV: [57.48, -4.22], // Inverness
  JE: [49.19, -2.11], // Jersey
  KA: [55.61, -4.5], // Kilmarnock
  KT: [51.41, -0.3], // Kingston upon Thames
  KW: [58.98, -2.96], // Kirkwall
  KY: [56.11, -3.16], // Kirkcaldy
  L: [53.41, -2.98], // Liverpool
  LA: [54.05, -2.8], // Lancaster
  LD: [52.24, -3.38], // Llandrindod Wells
  LE: [52.64, -1.13], // Leicester
  LL: [53.32, -3.83], // Llandudno
  LN: [53.23, -0.54], // Lincoln
  LS: [53.8, -1.55], // Leeds
  LU: [51.88, -0.42], // Luton
  M: [53.48, -2.24], // Manchester
  ME: [51.39, 0.5], // Rochester
  MK: [52.04, -0.76], // Milton Keynes
  ML: [55.79, -3.99], // Motherwell
  N: [51.57, -0.1], // London North
  NE: [54.98, -1.62], // Newcastle upon Tyne
  NG: [52.95, -1.15], // Nottingham
  NN: [52.24, -0.9], // Northampton
  NP: [51.58, -3.0], // Newport
  NR: [52.63, 1.3], // Norwich
  NW: [51.55, -0.18], // London North West
  OL: [53.54, -2.12], // Oldham
  OX: [51.75, -1.26], // Oxford
  PA: [55.85, -4.42], // Paisley
  PE: [52.57, -0.24], // Peterborough
  PH: [56.4, -3.43], // Perth
  PL: [50.38, -4.14], // Plymouth
  PO: [50.82, -1.09], // Portsmouth
  PR: [53.76, -2.7], // Preston
  RG: [51.45, -0.97], // Reading
  RH: [51.24, -0.17], // Redhill
  RM: [51.58, 0.18], // Romford
  S: [53.38, -1.47], // Sheffield
  SA: [51.62, -3.94], // Swansea
  SE: [51.47, -0.07], // London South East
  SG: [51.9, -0.2], // Stevenage
  SK: [53.41, -2.15], // Stockport
  SL: [51.51, -0.59], // Slough
  SM: [51.36, -0.19], // Sutton
  SN: [51.56, -1.78], // Swindon
  SO: [50.91, -1.4], // Southampton
  SP: [51.07, -1.79], // Salisbury
  SR: [54.91, -1.38], // Sunderland
  SS: [51.54, 0.71], // Southend-on-Sea
  ST: [53.0, -2.18], // Stoke-on-Trent
  SW: [51.46, -0.17], // London South West
  SY: [52.71, -2.75], // Shrewsbury
  TA: [51.02, -3.1], // Taunton
  TD: [55.62, -2.81], // Galashiels
  TF: [52.68, -2.45], // Telford
  TN: [51.2, 0.27], // Tonbridge
  TQ: [50.46, -3.53], // Torquay
  TR: [50.26, -5.05], // Truro
  TS: [54.57, -1.23], // Cleveland (Middlesbrough)
  TW: [51.45, -0.33], // Twickenham
  UB: [51.51, -0.38], // Southall
  W: [51.51, -0.2], // London West
  WA: [53.39, -2.59], // Warrington
  WC: [51.52, -0.12], // London West Central
  WD: [51.66, -0.4], // Watford
  WF: [53.68, -1.5], // Wakefield
  WN: [53.55, -2.63], // Wigan
  WR: [52.19, -2.22], // Worcester
  WS: [52.59, -1.98], // Walsall
  WV: [52.59, -2.13], // Wolverhampton
  YO: [53.96, -1.08], // York
  ZE: [60.15, -1.15], // Lerwick (Shetland)
};
