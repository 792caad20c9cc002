export interface ProjectInfo {
  name: string;
  dir: string;
  tags: string[];
}
export const repoRoot: string;
export const constraints: {
  sourceTag: string;
  onlyDependOnLibsWithTags: string[];
  bannedExternalImports: string[];
  outsideSrcAlsoDependOnLibsWithTags?: string[];
}[];
export function projectOf(file: string): ProjectInfo | null;
export function projectsByName(projects: ProjectInfo[]): Map<string, ProjectInfo>;
export function checkEdge(
  from: ProjectInfo | null,
  spec: string,
  importer: string,
  byName: Map<string, ProjectInfo>,
): string | null;
