import type { ZipEntry } from "./zip.ts";

/**
 * Data that lives outside the tables the export reads (photo files, say) joins the archive
 * through here: a feature adds a contributor that returns entries for one user, always the
 * person asking, never anyone else.
 */
export type ExportContributor = (userId: string) => Promise<ZipEntry[]>;

export class DataExportRegistry {
  private readonly contributors: ExportContributor[] = [];

  add(contributor: ExportContributor): void {
    this.contributors.push(contributor);
  }

  async entriesFor(userId: string): Promise<ZipEntry[]> {
    const entries: ZipEntry[] = [];
    for (const contributor of this.contributors) entries.push(...(await contributor(userId)));
    return entries;
  }
}
