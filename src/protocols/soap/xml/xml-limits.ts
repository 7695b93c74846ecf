/**
 * The XML reader's bounds when the caller sets none (XmlReadLimits), in a
 * module of their own: the transport's size caps use them without loading
 * the reader (and xml-js).
 */
export const defaultXmlLimits = {
  maxDepth: 100,
  maxElements: 100_000,
  maxLength: 10 * 1024 * 1024,
  maxAttributes: 256,
  maxNamespaceDeclarations: 128,
  maxTotalNamespaceDeclarations: 50_000,
  maxNameLength: 1_000,
} as const

/**
 * The most bytes a document the reader accepts can take: 10 Mi characters,
 * and no encoding needs more than 3 bytes a character (a UTF-16 code unit).
 * A bigger body is refused while it arrives, whatever --max-size allows.
 */
export const MAX_XML_BYTES = 3 * defaultXmlLimits.maxLength

export interface XmlReadLimits {
  /** Element nesting limit (default 100). */
  maxDepth?: number
  /** Element count limit (default 100,000). */
  maxElements?: number
  /** Characters (default 10 MiB). */
  maxLength?: number
  /** Attributes on one element, namespace declarations not counted (default 256). */
  maxAttributes?: number
  /** Namespace declarations on one element (default 128). */
  maxNamespaceDeclarations?: number
  /** Namespace declarations in the whole document (default 50,000). */
  maxTotalNamespaceDeclarations?: number
  /** Characters in an element or attribute name, prefix included (default 1,000). */
  maxNameLength?: number
  /** Characters in one text node, CDATA section or attribute value (default: maxLength). */
  maxTextLength?: number
  /** Processing instructions other than the XML declaration (default refused, as SOAP requires). */
  allowInstructions?: boolean
  /**
   * A time (Date.now()) after which reading stops with XmlReadError('time'):
   * the caller's time limit holds while a large document is read.
   */
  deadline?: number
}

/** The bounds as the parsers get them: every limit set, and the deadline as a time (infinity for none). */
export type XmlParseLimits = Required<Omit<XmlReadLimits, 'deadline'>> & { deadline: number }
