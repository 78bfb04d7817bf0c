/**
 * The names of the demo market: products and what callers ask for, the
 * channels campaigns run on, and the words buyer, target and publisher names
 * are made of, with how many of each the market holds.
 */

export type Vertical = 'insurance' | 'home' | 'legal';

export interface Product {
  name: string;
  vertical: Vertical;
  /** What a caller asks for, in their words. */
  need: string;
  /** What a buyer pays for a billable call, in dollars, before its own adjustment. */
  bid: number;
}

export const PRODUCTS: Product[] = [
  { name: 'Medicare Advantage', vertical: 'insurance', need: 'Medicare Advantage plans', bid: 45 },
  { name: 'Medicare Supplement', vertical: 'insurance', need: 'a Medicare supplement plan', bid: 38 },
  { name: 'ACA Health', vertical: 'insurance', need: 'health insurance through the marketplace', bid: 40 },
  { name: 'Final Expense', vertical: 'insurance', need: 'final expense coverage', bid: 32 },
  { name: 'Auto Insurance', vertical: 'insurance', need: 'a quote on my car insurance', bid: 22 },
  { name: 'Home Insurance', vertical: 'insurance', need: 'homeowners insurance', bid: 26 },
  { name: 'Life Insurance', vertical: 'insurance', need: 'a term life policy', bid: 35 },
  { name: 'Dental & Vision', vertical: 'insurance', need: 'dental and vision coverage', bid: 18 },
  { name: 'HVAC Repair', vertical: 'home', need: 'my air conditioner, it stopped working', bid: 42 },
  { name: 'Plumbing', vertical: 'home', need: 'a leaking pipe under the kitchen sink', bid: 35 },
  { name: 'Roofing', vertical: 'home', need: 'a roof inspection after the storm', bid: 65 },
  { name: 'Solar', vertical: 'home', need: 'putting solar panels on my house', bid: 80 },
  { name: 'Pest Control', vertical: 'home', need: 'termites in the garage', bid: 28 },
  { name: 'Water Damage', vertical: 'home', need: 'water in my basement after the rain', bid: 95 },
  { name: 'Window Replacement', vertical: 'home', need: 'replacing the windows in my house', bid: 55 },
  { name: 'Home Security', vertical: 'home', need: 'a home security system', bid: 45 },
  { name: 'Bath Remodel', vertical: 'home', need: 'remodeling my bathroom', bid: 70 },
  { name: 'Garage Door', vertical: 'home', need: "a garage door that won't open", bid: 30 },
  { name: 'Personal Injury', vertical: 'legal', need: 'a slip and fall at a grocery store', bid: 240 },
  { name: 'Auto Accident', vertical: 'legal', need: 'a car accident I was in last month', bid: 180 },
  { name: 'Truck Accident', vertical: 'legal', need: 'an accident with a semi truck', bid: 320 },
  { name: 'Workers Comp', vertical: 'legal', need: 'an injury I got at work', bid: 150 },
  { name: 'SSDI', vertical: 'legal', need: 'applying for disability benefits', bid: 110 },
  { name: 'Mass Tort', vertical: 'legal', need: 'a lawsuit about a medication I took', bid: 380 },
  { name: 'Bankruptcy', vertical: 'legal', need: 'filing for bankruptcy', bid: 85 },
  { name: 'Criminal Defense', vertical: 'legal', need: 'a DUI charge', bid: 120 },
  { name: 'Employment Law', vertical: 'legal', need: 'being fired after I reported my manager', bid: 140 },
  { name: 'Medical Malpractice', vertical: 'legal', need: 'a surgery that went wrong', bid: 260 },
];

export const CHANNELS = ['Inbound TV', 'Search', 'Social', 'Native', 'Radio', 'CTV', 'Direct Mail', 'Display', 'Spanish', 'Email'];

export const PLACES = [
  'Summit', 'Keystone', 'Harbor', 'Pinnacle', 'Evergreen', 'Bluewater', 'Ironwood', 'Crescent', 'Northstar', 'Meridian',
  'Cardinal', 'Granite', 'Lakeshore', 'Redwood', 'Silverline', 'Beacon', 'Heritage', 'Prairie', 'Coastal', 'Frontier',
  'Magnolia', 'Sterling', 'Oakridge', 'Ridgeline', 'Clearview', 'Patriot', 'Horizon', 'Liberty Bay', 'Palmetto', 'Cascade',
  'Bayside', 'Copperline', 'Driftwood', 'Fairhaven', 'Glenwood', 'Hillcrest', 'Juniper', 'Kingsley', 'Lighthouse', 'Millbrook',
  'Northgate', 'Old Mill', 'Pioneer', 'Riverbend', 'Stonegate', 'Tidewater', 'Union Square', 'Westfield', 'Willow Creek', 'Sunrise',
];
export const BUYER_SUFFIXES: Record<Vertical, string[]> = {
  insurance: ['Insurance Group', 'Health Partners', 'Benefits', 'Insurance Agency', 'Senior Benefits', 'Coverage Group', 'Life & Health'],
  home: ['Home Services', 'Heating & Air', 'Plumbing & Drain', 'Roofing & Exteriors', 'Home Pros', 'Restoration', 'Energy'],
  legal: ['Injury Law', 'Law Group', 'LLP', 'Trial Lawyers', 'Legal'],
};
export const SURNAMES = [
  'Morgan', 'Whitaker', 'Delgado', 'Feldman', 'Okafor', 'Brennan', 'Castillo', 'Goldberg', 'Hayes', 'Iverson',
  'Kaplan', 'Lombardi', 'Mercer', 'Nguyen', 'Patel', 'Quinn', 'Rosen', 'Sullivan', 'Thornton', 'Vance',
];
export const SITES = ['Overflow', 'Tampa Center', 'Phoenix Center', 'Dallas Team', 'After Hours', 'Spanish Line', 'Intake East', 'Intake West', 'Priority Queue'];
export const PUBLISHER_PREFIXES = [
  'Apex', 'Blue Ocean', 'BrightPath', 'CallForge', 'Clickwise', 'Digital Harbor', 'Direct Response', 'Echo', 'Elevate', 'FirstCall',
  'Fusion', 'Greenlight', 'Highline', 'Inbound', 'Jetstream', 'Kinetic', 'Lead Genius', 'Lumen', 'Momentum', 'Nexus',
  'Orbit', 'Peak', 'Pulse', 'Quantum', 'Rally', 'RingLeader', 'Signal', 'Spark', 'Tandem', 'True North',
  'Upland', 'Vantage', 'Velocity', 'Vista', 'Wavelength', 'Yellowstone', 'Zenith', 'Crowncall', 'Ember', 'Switchboard',
];
export const PUBLISHER_SUFFIXES = ['Media', 'Leads', 'Marketing', 'Digital', 'Ventures', 'Partners', 'Group', 'Networks', 'Interactive', 'Performance', 'Media LLC', 'Inc'];

export const DEMO_WORLD_SIZE = { campaigns: 40, publishers: 200, targets: 100, buyers: 60 } as const;
export const BUYERS_BY_VERTICAL: Record<Vertical, number> = { insurance: 24, home: 20, legal: 16 };
export const TARGETS_BY_VERTICAL: Record<Vertical, number> = { insurance: 40, home: 34, legal: 26 };
export const VERTICALS: Vertical[] = ['insurance', 'home', 'legal'];
