import { FREELANCER_FIELDS, MIN_RATING_CHOICES } from "../../../contract/reputation-words.ts";

/** The lower home sections' fixed sample content (specification, section 1: not loaded from a server). */

export const HOME_CATEGORIES = [
  { name: "Web Development", description: "Websites, web apps, bug fixes and integrations." },
  { name: "Graphic Design", description: "Logos, brand kits, illustrations and social graphics." },
  { name: "Digital Marketing", description: "SEO, ads, email campaigns and social media plans." },
  { name: "Writing & Translation", description: "Articles, copywriting, proofreading and translations." },
  { name: "Video & Animation", description: "Explainers, edits, motion graphics and intros." },
] as const;

export const FREELANCER_CATEGORIES = ["All", ...FREELANCER_FIELDS] as const;
export type FreelancerCategory = (typeof FREELANCER_CATEGORIES)[number];

export const RATING_OPTIONS = MIN_RATING_CHOICES.map(({ min, label }) => ({ value: min, label }));

export interface Freelancer {
  name: string;
  skills: string[];
  category: Exclude<FreelancerCategory, "All">;
  rating: number;
  hourlyRate: string;
  image: string;
}

export const FREELANCERS: Freelancer[] = [
  {
    name: "Sofia Martinez",
    skills: ["Logo Design", "Branding", "Illustrator"],
    category: "Designers",
    rating: 5,
    hourlyRate: "$45/hr",
    image: "/images/freelancer-1.svg",
  },
  {
    name: "Daniel Okafor",
    skills: ["React", "Node.js", "TypeScript"],
    category: "Developers",
    rating: 4.8,
    hourlyRate: "$60/hr",
    image: "/images/freelancer-2.svg",
  },
  {
    name: "Emily Chen",
    skills: ["Copywriting", "Blog Posts", "SEO Writing"],
    category: "Writers",
    rating: 4.5,
    hourlyRate: "$30/hr",
    image: "/images/freelancer-3.svg",
  },
  {
    name: "Marcus Johnson",
    skills: ["Google Ads", "Social Media", "Analytics"],
    category: "Marketers",
    rating: 3.9,
    hourlyRate: "$40/hr",
    image: "/images/freelancer-4.svg",
  },
  {
    name: "Priya Sharma",
    skills: ["UI Design", "Figma", "Prototyping"],
    category: "Designers",
    rating: 4.2,
    hourlyRate: "$50/hr",
    image: "/images/freelancer-5.svg",
  },
  {
    name: "Tom Becker",
    skills: ["Python", "Django", "APIs"],
    category: "Developers",
    rating: 3.4,
    hourlyRate: "$35/hr",
    image: "/images/freelancer-6.svg",
  },
  {
    name: "Grace Liu",
    skills: ["Translation", "Proofreading", "Spanish"],
    category: "Writers",
    rating: 2.8,
    hourlyRate: "$25/hr",
    image: "/images/freelancer-7.svg",
  },
  {
    name: "Omar Haddad",
    skills: ["Email Marketing", "SEO", "Content Strategy"],
    category: "Marketers",
    rating: 5,
    hourlyRate: "$55/hr",
    image: "/images/freelancer-8.svg",
  },
];

/**
 * The directory's filter (specification, section 2): the search matches the name or any skill,
 * ignoring case; the category must match unless it is All; the rating must be at least the one chosen.
 */
export function filterFreelancers<Card extends Pick<Freelancer, "name" | "skills" | "category" | "rating">>(
  freelancers: readonly Card[],
  filter: { search: string; category: FreelancerCategory; minRating: number },
): Card[] {
  const search = filter.search.trim().toLowerCase();
  return freelancers.filter(
    (freelancer) =>
      (search === "" ||
        freelancer.name.toLowerCase().includes(search) ||
        freelancer.skills.some((skill) => skill.toLowerCase().includes(search))) &&
      (filter.category === "All" || freelancer.category === filter.category) &&
      freelancer.rating >= filter.minRating,
  );
}

export const WHY_CHOOSE_US = [
  {
    title: "Verified members",
    text: "Every bid comes from a signed-in account, so you always know who you deal with.",
  },
  { title: "Pay what you planned", text: "You set the budget; freelancers bid on your terms, in US dollars." },
  { title: "Fast turnaround", text: "Most tasks receive their first bids within a few hours of posting." },
  { title: "Support that answers", text: "Our team helps clients and freelancers every day of the week." },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      "I posted a landing page task in the morning and had three solid bids by lunch. The work was done in two days.",
    name: "Hannah Wright",
    role: "Bakery owner",
    image: "/images/client-1.svg",
  },
  {
    quote:
      "As a freelance designer, QuickGig gives me a steady stream of small, well-described jobs. Clear budgets make bidding easy.",
    name: "Leo Fernandes",
    role: "Freelance designer",
    image: "/images/client-2.svg",
  },
  {
    quote: "We use QuickGig for our blog and translations. The deadlines are respected and the quality is excellent.",
    name: "Amara Nwosu",
    role: "Marketing lead",
    image: "/images/client-3.svg",
  },
] as const;

export const BLOG_POSTS = [
  {
    title: "How to write a task brief that gets great bids",
    excerpt: "Five things every good brief says up front, from the outcome you want to the files you can share.",
    date: "2025-03-12",
    image: "/images/blog-1.svg",
  },
  {
    title: "Setting a fair budget for small freelance tasks",
    excerpt: "What a logo, a bug fix or a blog post usually costs, and how deadlines change the price.",
    date: "2025-04-02",
    image: "/images/blog-2.svg",
  },
  {
    title: "From first bid to five-star reviews",
    excerpt: "Freelancers share how they stand out with their first bids on a new marketplace.",
    date: "2025-05-20",
    image: "/images/blog-3.svg",
  },
] as const;
