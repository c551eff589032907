/** One file of a person's data export. */
export interface ExportEntry {
  /** Path inside the archive, forward slashes, no leading slash. */
  name: string;
  data: Buffer | string;
  /** Defaults to the time of the export. */
  modified?: Date;
}

/**
 * Data that lives outside the tables the export reads (photo files, say) joins the archive
 * through here: a feature adds a contributor that returns entries for one user, always the
 * person asking, never anyone else.
 */
export type ExportContributor = (userId: string) => Promise<ExportEntry[]>;

export class DataExportRegistry {
  private readonly contributors: ExportContributor[] = [];

  add(contributor: ExportContributor): void {
    this.contributors.push(contributor);
  }

  async entriesFor(userId: string): Promise<ExportEntry[]> {
    const entries: ExportEntry[] = [];
    for (const contributor of this.contributors) entries.push(...(await contributor(userId)));
    return entries;
  }
}
