import type { TaskCategory } from "./limits.ts";
import type { FreelancerField } from "./reputation.ts";

/**
 * The demo marketplace: the server adds it to an empty database (server/demo/seed.ts) and the web
 * app's mock mode serves it (web/mocks). The demo client's sign-in is in the README.
 */
export const DEMO_USER = { name: "Demo Client", email: "demo@quickgig.dev", password: "Demo1234" } as const;

/** The demo admin (decision 023): works the moderators' queue at /admin, with the same password. */
export const DEMO_ADMIN = { name: "Quinn Harper", email: "admin@quickgig.dev" } as const;

/**
 * A question that asks to be paid outside QuickGig, on the demo client's first task, reported by
 * the demo client and by Maya: the moderators' queue is not empty in the demo.
 */
export const DEMO_REPORTED_QUESTION = {
  asker: { name: "Rick Fast", email: "rick@quickgig.dev" },
  task: 0,
  body: "I can do it for half the budget if you pay me directly by bank transfer. Text me on WhatsApp at +1 555 0100 and we skip QuickGig's fees.",
  /** Who reported it (0 the demo client, 1.. the freelancers below) and why. */
  reports: [
    { by: 0, reason: "off-platform" },
    { by: 1, reason: "scam" },
  ],
} as const;

export const DEMO_FREELANCERS = [
  { name: "Maya Patel", email: "maya@quickgig.dev" },
  { name: "Lucas Moreau", email: "lucas@quickgig.dev" },
  { name: "Aisha Bello", email: "aisha@quickgig.dev" },
] as const;

/**
 * Maya's saved searches (issue 47), kept before the tasks are posted: the first finds open design
 * work that mentions a logo (its alerts in her bell), the second nothing yet.
 */
export const DEMO_SAVED_SEARCHES = [
  { owner: 1, name: "Logo work", q: "logo", category: "Design", minBudget: 100, maxBudget: 1000, frequency: "instant" },
  { owner: 1, name: "WordPress sites", q: "wordpress", frequency: "daily" },
] as const;

export interface DemoTask {
  owner: number;
  title: string;
  category: TaskCategory;
  description: string;
  daysLeft: number;
  budget: number;
  bidders: number[];
  /** The first bidder was hired; "completed" when the work is done too. */
  outcome?: "assigned" | "completed";
  /**
   * With payments on, what became of an assigned task's payment after the hire (held otherwise):
   * the freelancer asked for it (counting down to its release), or a dispute waits in the demo
   * admin's queue, with the freelancer's proposal.
   */
  payment?: "delivered" | { dispute: string; proposal: number };
  /**
   * Reviews of a completed task: the client's of the freelancer and the freelancer's of the client.
   * Both written: published together; one alone stays hidden (blind, decision 022).
   */
  reviews?: { client?: DemoReview; freelancer?: DemoReview; answer?: string };
}

/**
 * What each demo person says of themselves, in the order of DEMO_PEOPLE: the demo user, the three
 * freelancers, the admin and the asker (who say nothing), then the specification's eight.
 */
const FIRST_PROFILES: DemoProfile[] = [
  {
    bio: "I run a small events business in Bristol and hire help for our website, design and writing.",
    skills: ["Event planning", "Node.js"],
    field: null,
  },
  {
    bio: "Designer for small brands: logos, packaging and websites that stay easy to update. Ten years in print before that, so files arrive ready for the printer.",
    skills: ["Figma", "Logo design", "Photo retouching", "Illustration", "Web design"],
    field: "Designers",
  },
  {
    bio: "Full-stack developer. I like fixing the bug nobody could reproduce, and I write down what I changed.",
    skills: ["React", "Node.js", "PostgreSQL", "TypeScript", "Analytics"],
    field: "Developers",
  },
  {
    bio: "Marketer and copywriter: launch plans, newsletters and pages people read to the end.",
    skills: ["Copywriting", "SEO", "Social media", "Email marketing"],
    field: "Marketers",
  },
];

/** A demo review; aspects only in the client's. */
export interface DemoReview {
  rating: number;
  text: string;
  aspects?: { communication: number; quality: number; deadline: number };
}

/** Each bidder's offer: a share of the budget, a delivery time and a cover note. */
export const DEMO_OFFERS = [
  { share: 0.9, days: 7, message: "I have done several sites like this; happy to share examples." },
  { share: 1, days: 5, message: "I can start tomorrow and keep you updated every other day." },
  { share: 0.8, days: 10, message: "Fixed price, two rounds of changes included." },
  { share: 0.95, days: 4, message: "Quick turnaround; I will send a first draft within two days." },
] as const;

/* Owner 0 is the demo user; 1..3 are the freelancers above. */
const FIRST_TASKS: DemoTask[] = [
  {
    owner: 0,
    title: "Landing page for a neighbourhood bakery",
    category: "Web Development",
    description:
      "A one-page site with opening hours, a menu section and a contact form. Mobile first, fast, and easy for the owner to update.",
    daysLeft: 12,
    budget: 450,
    bidders: [1, 2],
  },
  {
    owner: 0,
    title: "Logo and colour palette for a cycling club",
    outcome: "assigned",
    payment: "delivered",
    category: "Design",
    description:
      "We need a simple, bold logo that works on jerseys and on the website, plus a palette of four colours.",
    daysLeft: 20,
    budget: 300,
    bidders: [3],
  },
  {
    owner: 0,
    title: "Five blog posts about home composting",
    category: "Writing",
    description:
      "Friendly, practical posts of about 800 words each, with a short summary and a title suggestion for each.",
    daysLeft: 30,
    budget: 250,
    bidders: [],
  },
  {
    owner: 1,
    title: "Fix checkout bug in a small online shop",
    outcome: "completed",
    category: "Web Development",
    description:
      "Customers sometimes see an empty cart after paying. The shop runs on Node.js and PostgreSQL; logs are available.",
    daysLeft: 5,
    budget: 380,
    bidders: [0, 2],
    reviews: {
      client: {
        rating: 5,
        text: "Found the cause in a day (two requests racing on the same cart) and explained the fix so that I understood it. Would hire again.",
        aspects: { communication: 5, quality: 5, deadline: 5 },
      },
      freelancer: { rating: 5, text: "Clear logs, quick answers and paid the same day. A pleasure to work for." },
    },
  },
  {
    owner: 1,
    title: "Social media plan for a yoga studio launch",
    category: "Marketing",
    description:
      "A four-week plan for Instagram and Facebook, with post ideas, a posting calendar and a small ad budget proposal.",
    daysLeft: 9,
    budget: 520,
    bidders: [3],
  },
  {
    owner: 2,
    title: "Illustrations for a children's picture book",
    category: "Design",
    description: "Twelve full-page illustrations in a warm watercolour style for a 24-page story about a lost kite.",
    daysLeft: 45,
    budget: 1800,
    bidders: [0],
  },
  {
    owner: 2,
    title: "Translate product pages from English to Spanish",
    outcome: "assigned",
    category: "Writing",
    description:
      "About 4,000 words of product descriptions for outdoor gear. Natural, friendly tone for customers in Spain.",
    daysLeft: 14,
    budget: 340,
    bidders: [1],
  },
  {
    owner: 3,
    title: "Email newsletter template",
    category: "Marketing",
    description:
      "A reusable newsletter template that looks right in the major email clients, with a short guide for editing it.",
    daysLeft: 7,
    budget: 200,
    bidders: [],
  },
  {
    owner: 3,
    title: "React dashboard for sensor readings",
    category: "Web Development",
    description: "Charts of temperature and humidity from an existing JSON API, with date filters and a CSV export.",
    daysLeft: 25,
    budget: 1200,
    bidders: [0, 1],
  },
  {
    owner: 1,
    title: "Proofread a 60-page research report",
    category: "Writing",
    description: "Grammar, consistency and clarity for a report on urban gardens. Track changes in a shared document.",
    daysLeft: 3,
    budget: 180,
    bidders: [2],
  },
  {
    owner: 2,
    title: "Brand refresh for a coffee roaster",
    category: "Design",
    description:
      "Update the packaging labels and the website header so they feel modern while keeping the current logo.",
    daysLeft: 18,
    budget: 950,
    bidders: [],
  },
  {
    owner: 3,
    title: "SEO audit of a travel blog",
    category: "Marketing",
    description: "Review 50 posts for search performance and give a prioritised list of fixes with expected impact.",
    daysLeft: -2,
    budget: 275,
    bidders: [1, 2],
  },
  {
    owner: 0,
    title: "Retouch menu photos for a café website",
    outcome: "completed",
    category: "Design",
    description: "Twenty photos of dishes: even colours, clean backgrounds and web-sized files in two crops.",
    daysLeft: -6,
    budget: 160,
    bidders: [1],
    reviews: {
      client: {
        rating: 5,
        text: "Beautiful, consistent photos, delivered early with both crops named the way I asked.",
        aspects: { communication: 5, quality: 5, deadline: 4 },
      },
      freelancer: { rating: 5, text: "A clear brief and quick feedback. Thank you!" },
      answer: "Thank you! The croissant shots were my favourites.",
    },
  },
  {
    owner: 2,
    title: "About page for a bike repair shop",
    outcome: "completed",
    category: "Writing",
    description: "Three short sections about the shop, its mechanics and its prices, in a friendly voice.",
    daysLeft: -10,
    budget: 120,
    bidders: [3],
    reviews: {
      client: {
        rating: 4,
        text: "Good copy that sounds like us. It came a day later than promised, but she told me in advance.",
        aspects: { communication: 5, quality: 4, deadline: 3 },
      },
      freelancer: { rating: 5, text: "Knew exactly what he wanted and answered every question the same day." },
    },
  },
  {
    owner: 3,
    title: "Product page copy for a plant shop",
    outcome: "completed",
    category: "Writing",
    description: "Descriptions for twelve house plants: care level, light and a line that makes people smile.",
    daysLeft: -4,
    budget: 150,
    bidders: [1],
    reviews: {
      client: {
        rating: 5,
        text: "Funny, accurate and on time. Our customers quote the descriptions back to us.",
        aspects: { communication: 4, quality: 5, deadline: 5 },
      },
      freelancer: { rating: 4, text: "Good brief, one round of changes came late, otherwise smooth." },
    },
  },
  {
    owner: 0,
    title: "Set up analytics for an online course launch",
    outcome: "completed",
    category: "Marketing",
    description: "Events for sign-ups and purchases, a weekly report, and a short guide to reading it.",
    daysLeft: -1,
    budget: 300,
    bidders: [2],
    // Only the freelancer has reviewed: hidden until the demo client writes theirs.
    reviews: {
      freelancer: { rating: 5, text: "Organised, clear about what mattered, and quick to give access to everything." },
    },
  },
  {
    owner: 3,
    title: "Podcast cover art and episode thumbnails",
    outcome: "assigned",
    payment: {
      dispute:
        "Only the cover arrived; the ten episode thumbnails we agreed on never came, and messages go unanswered.",
      proposal: 130,
    },
    category: "Design",
    description: "A square cover for a weekly gardening podcast and a thumbnail template for each episode.",
    daysLeft: 6,
    budget: 260,
    bidders: [2],
  },
];

/**
 * The specification's eight sample freelancers (its home page's Top Freelancers), as demo accounts
 * with its names, fields and skills (issue 45). Each rating is what it says, made of the published
 * reviews of their completed tasks below (`stars`: one client's review each, decision 022). Their
 * hourly rates and pictures are the specification's texts, shown by the home page's directory.
 */
export const DEMO_TOP_FREELANCERS = [
  {
    name: "Sofia Martinez",
    email: "sofia@quickgig.dev",
    field: "Designers",
    skills: ["Logo Design", "Branding", "Illustrator"],
    stars: [5, 5, 5],
  },
  {
    name: "Daniel Okafor",
    email: "daniel@quickgig.dev",
    field: "Developers",
    skills: ["React", "Node.js", "TypeScript"],
    stars: [5, 5, 5, 5, 4],
  },
  {
    name: "Emily Chen",
    email: "emily@quickgig.dev",
    field: "Writers",
    skills: ["Copywriting", "Blog Posts", "SEO Writing"],
    stars: [5, 4],
  },
  {
    name: "Marcus Johnson",
    email: "marcus@quickgig.dev",
    field: "Marketers",
    skills: ["Google Ads", "Social Media", "Analytics"],
    stars: [4, 4, 4, 4, 4, 4, 3],
  },
  {
    name: "Priya Sharma",
    email: "priya@quickgig.dev",
    field: "Designers",
    skills: ["UI Design", "Figma", "Prototyping"],
    stars: [5, 4, 4, 4, 4],
  },
  {
    name: "Tom Becker",
    email: "tom@quickgig.dev",
    field: "Developers",
    skills: ["Python", "Django", "APIs"],
    stars: [4, 4, 3, 3, 3],
  },
  {
    name: "Grace Liu",
    email: "grace@quickgig.dev",
    field: "Writers",
    skills: ["Translation", "Proofreading", "Spanish"],
    stars: [3, 3, 3, 3, 2],
  },
  {
    name: "Omar Haddad",
    email: "omar@quickgig.dev",
    field: "Marketers",
    skills: ["Email Marketing", "SEO", "Content Strategy"],
    stars: [5, 5],
  },
] as const satisfies ReadonlyArray<{
  name: string;
  email: string;
  field: FreelancerField;
  skills: string[];
  stars: number[];
}>;

/** Everyone in the demo, in the order the tasks' `owner` and `bidders` count them. */
export const DEMO_PEOPLE = [
  DEMO_USER,
  ...DEMO_FREELANCERS,
  DEMO_ADMIN,
  DEMO_REPORTED_QUESTION.asker,
  ...DEMO_TOP_FREELANCERS,
] as const;

const TOP_FIRST = DEMO_PEOPLE.length - DEMO_TOP_FREELANCERS.length;

interface DemoProfile {
  bio: string;
  skills: string[];
  field: FreelancerField | null;
}

export const DEMO_PROFILES: DemoProfile[] = [
  ...FIRST_PROFILES,
  { bio: "", skills: [], field: null },
  { bio: "", skills: [], field: null },
  ...DEMO_TOP_FREELANCERS.map(({ name, field, skills }) => ({
    bio: `${name.split(" ")[0]} works on QuickGig as one of the ${field.toLowerCase()} clients come back to.`,
    skills: [...skills],
    field,
  })),
];

const WORK: Record<FreelancerField, { category: TaskCategory; title: string; description: string }> = {
  Designers: {
    category: "Design",
    title: "Brand refresh for a small studio",
    description: "A cleaner logo, a colour palette and a one-page guide for using them.",
  },
  Developers: {
    category: "Web Development",
    title: "Booking form for a yoga studio",
    description: "A form that takes class bookings and emails the studio, on the site we have.",
  },
  Writers: {
    category: "Writing",
    title: "Website copy for a family bakery",
    description: "Home, about and menu pages in a warm, plain voice, about 600 words in all.",
  },
  Marketers: {
    category: "Marketing",
    title: "Launch campaign for a local shop",
    description: "A month of posts, two newsletters and a small ads budget, with a short report.",
  },
};

const CLIENT_WORDS: Record<number, string> = {
  5: "Excellent work, delivered early and exactly what we asked for.",
  4: "Good work and good communication; a few small changes were needed.",
  3: "The work was fine in the end, after more rounds of changes than planned.",
  2: "Late and needed a lot of fixing before we could use it.",
};

/**
 * Each of the eight's completed tasks, one per review: posted by the next of the eight, both sides
 * reviewed (so published), the client's stars as `stars` says.
 */
export const DEMO_TASKS: DemoTask[] = [
  ...FIRST_TASKS,
  ...DEMO_TOP_FREELANCERS.flatMap((person, index) =>
    person.stars.map((rating, count): DemoTask => {
      const work = WORK[person.field];
      return {
        owner: TOP_FIRST + ((index + 1) % DEMO_TOP_FREELANCERS.length),
        title: `${work.title} (${count + 1})`,
        category: work.category,
        description: work.description,
        daysLeft: 10 + count,
        budget: 120 + 40 * count,
        bidders: [TOP_FIRST + index],
        outcome: "completed",
        reviews: {
          client: {
            rating,
            text: CLIENT_WORDS[rating] ?? CLIENT_WORDS[3] ?? "",
            aspects: { communication: rating, quality: rating, deadline: rating },
          },
          freelancer: { rating: 5, text: "A clear brief and quick answers. Happy to work together again." },
        },
      };
    }),
  ),
];
