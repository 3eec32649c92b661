/**
 * The arrows between the server's rooms (its folders), from dependency-cruiser's modules: which
 * room imports which, and the circles among the features. dependency-cruiser's own rules see
 * cycles between modules only; two rooms can import each other through different modules.
 */

export interface CruisedModule {
  source: string;
  dependencies: Array<{ resolved: string }>;
}

/** Room → rooms it imports → the imports that make the arrow ("from → to", below src/server). */
export type Arrows = Map<string, Map<string, string[]>>;

const SERVER = "src/server/";
const TESTS = /(\.test\.tsx?$|\/test\/)/;

/** Rooms that are composition or plumbing, not features: arrows into them are everyone's. */
export const NOT_FEATURES = new Set([
  "app",
  "app-deps",
  "main",
  "config",
  "ids",
  "admin-cli",
  "db",
  "http",
  "screens",
  "demo",
]);

/** A module's room: its folder under src/server, or its file's name for the app's own files; null for tests and the rest. */
export function roomOf(file: string): string | null {
  if (!file.startsWith(SERVER) || TESTS.test(file)) return null;
  const rest = file.slice(SERVER.length);
  const slash = rest.indexOf("/");
  return slash === -1 ? rest.replace(/\.tsx?$/, "") : rest.slice(0, slash);
}

export function arrowsBetweenRooms(modules: CruisedModule[]): Arrows {
  const arrows: Arrows = new Map();
  for (const module of modules) {
    const from = roomOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (!to || to === from) continue;
      const targets = arrows.get(from) ?? new Map<string, string[]>();
      arrows.set(from, targets);
      const imports = targets.get(to) ?? [];
      targets.set(to, imports);
      imports.push(`${module.source.slice(SERVER.length)} → ${dependency.resolved.slice(SERVER.length)}`);
    }
  }
  return arrows;
}

export function featuresOf(arrows: Arrows): string[] {
  const rooms = new Set<string>();
  for (const [from, targets] of arrows) {
    rooms.add(from);
    for (const to of targets.keys()) rooms.add(to);
  }
  return [...rooms].filter((room) => !NOT_FEATURES.has(room)).sort();
}

/** The sets of features that import each other, directly or around a circle (Tarjan's components). */
export function circlesAmongFeatures(arrows: Arrows): string[][] {
  const features = new Set(featuresOf(arrows));
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    for (const to of arrows.get(room)?.keys() ?? []) {
      if (!features.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) {
        low.set(room, Math.min(low.get(room) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(room) !== index.get(room)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) circle.push(member);
    } while (member !== room && member !== undefined);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const room of features) if (!index.has(room)) visit(room);
  return circles;
}

/**
 * What is wrong with these circles against the ones known and being untied: a circle that is not
 * within a known one (new, or grown) fails; so does a known one that is gone or has shrunk, to be
 * taken off the list or written as it is now, so that the list stays true and only ever shrinks.
 */
export function circleProblems(circles: string[][], known: string[][]): string[] {
  const problems: string[] = [];
  for (const circle of circles) {
    if (!known.some((allowed) => circle.every((room) => allowed.includes(room)))) {
      problems.push(`${circle.join(", ")} import each other, around a circle`);
    }
  }
  for (const allowed of known) {
    const within = circles.filter((circle) => circle.every((room) => allowed.includes(room)));
    const rooms = [...new Set(within.flat())].sort();
    if (rooms.length === 0) {
      problems.push(`the known circle ${allowed.join(", ")} is gone: take it off the list of known circles`);
    } else if (rooms.length < allowed.length) {
      problems.push(`the known circle ${allowed.join(", ")} has shrunk: write it as ${rooms.join(", ")}`);
    }
  }
  return problems;
}

/**
 * The arrows that point up the line of features (each may import only those before it), and the
 * features the line does not name: a new room takes its place in the line when it is made.
 */
export function lineProblems(arrows: Arrows, line: string[]): string[] {
  const problems: string[] = [];
  for (const room of featuresOf(arrows)) {
    if (!line.includes(room)) problems.push(`${room} is not in the line of features: give it its place`);
  }
  for (const [from, targets] of arrows) {
    const at = line.indexOf(from);
    if (at === -1) continue;
    for (const [to, imports] of targets) {
      const toAt = line.indexOf(to);
      if (toAt > at) problems.push(`${from} imports ${to}, which stands above it in the line: ${imports[0]}`);
    }
  }
  return problems;
}
