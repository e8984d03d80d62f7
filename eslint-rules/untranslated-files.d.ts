/** The screens not converted yet (see untranslated-files.js). */
export declare const UNTRANSLATED_FILES: string[];
