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
