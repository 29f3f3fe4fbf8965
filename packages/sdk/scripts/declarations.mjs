// Self-contained declarations for @atelier/sdk. The SDK's types are the server's own (request types are `z.input` of
// the routes' zod schemas, responses the views' return types); `tsc --declaration` would leave them as imports of the
// server's files and of zod, Medusa's JS SDK and @medusajs/types, none of which a consumer has. Here every such type
// is written out as the structure it resolves to, with TypeScript's checker:
// - the SDK's own type aliases keep their source text (and doc comments); each part of it that names something
//   outside the SDK (`z.input<typeof CartAddBody>`, `ReturnType<typeof view>`, `CartView["items"]`, `Config["auth"]`)
//   is replaced by the type it resolves to;
// - functions and classes are declared from their signatures and public members;
// - a named type of another package or file that a printed type still refers to (an interface, a class, an enum)
//   becomes a local type of the same shape.
// The result imports nothing; checkDeclarations() compiles it alone to prove it.
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

/** The namespace the synthetic file imports the SDK as: printed types name the SDK's exports through it. */
const NS = "__AtelierSdk__"
const NAMESPACE_PREFIX = new RegExp(`\\b${NS}\\.`, "g")
const IMPORT_TYPE = /(ReturnType<typeof |typeof )?import\("([^"]+)"\)((?:\.[A-Za-z_$][\w$]*)+)(>)?/g
const FLAGS =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.IgnoreErrors |
  ts.NodeBuilderFlags.UseStructuralFallback |
  ts.NodeBuilderFlags.MultilineObjectLiterals
/** Type functions whose argument names a value (`ReturnType<typeof view>`): replaced whole rather than inside. */
const TYPE_FUNCTIONS = new Set(["ReturnType", "Parameters", "InstanceType", "ConstructorParameters", "Awaited"])

function compilerOptions(repoRoot) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    },
  })
  return { ...parsed.options, noEmit: true }
}

export function writeDeclarations({ repoRoot, entry, outFile }) {
  const sdkDir = path.dirname(entry)
  const syntheticFile = path.join(sdkDir, "__package_declarations__.ts")
  const syntheticText = `import type * as ${NS} from "./${path.basename(entry, ".ts")}"\nexport {}\n`
  const options = compilerOptions(repoRoot)
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === syntheticFile
      ? ts.createSourceFile(file, syntheticText, language)
      : getSourceFile.call(host, file, language, ...rest)
  host.fileExists = (file) => path.resolve(file) === syntheticFile || fileExists.call(host, file)
  host.readFile = (file) => (path.resolve(file) === syntheticFile ? syntheticText : readFile.call(host, file))
  const program = ts.createProgram([entry, syntheticFile], options, host)
  const checker = program.getTypeChecker()
  const synthetic = program.getSourceFile(syntheticFile)
  const entrySource = program.getSourceFile(entry)
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed })

  const inSdk = (decl) => path.resolve(decl.getSourceFile().fileName).startsWith(sdkDir + path.sep)
  const isLib = (decl) => program.isSourceFileDefaultLibrary(decl.getSourceFile())
  const resolve = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)

  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(entrySource))
  const exportedTargets = new Set(exported.map(resolve))

  // Names: the SDK's exports and type aliases first; local types written out later take free names.
  const usedNames = new Set(exported.map((s) => s.name))
  for (const sf of program.getSourceFiles().filter((f) => inSdk(f) && f !== synthetic)) {
    for (const statement of sf.statements) if (ts.isTypeAliasDeclaration(statement)) usedNames.add(statement.name.text)
  }
  const freeName = (wanted) => {
    let name = wanted
    for (let i = 2; usedNames.has(name) || checker.resolveName(name, synthetic, ts.SymbolFlags.All, false); i++) name = `${wanted}${i}`
    usedNames.add(name)
    return name
  }

  // The SDK's exported type aliases by their type, so that a signature names `AtelierSdk` rather than spelling it out.
  const aliasNameByType = new Map()
  for (const symbol of exported) {
    const target = resolve(symbol)
    const decl = target.declarations?.[0]
    if (decl && ts.isTypeAliasDeclaration(decl) && inSdk(decl) && !decl.typeParameters) {
      const type = checker.getDeclaredTypeOfSymbol(target)
      if (!aliasNameByType.has(type)) aliasNameByType.set(type, symbol.name)
    }
  }

  // Local types: named types of other files that printed types refer to, and the SDK's unexported aliases.
  const localBySymbol = new Map()
  const pending = []
  const localName = (symbol) => {
    if (!localBySymbol.has(symbol)) {
      const entryLocal = { symbol, name: freeName(symbol.name) }
      localBySymbol.set(symbol, entryLocal)
      pending.push(entryLocal)
    }
    return localBySymbol.get(symbol).name
  }

  function symbolOfImportType(specifier, qualifier) {
    const resolved = ts.resolveModuleName(specifier, syntheticFile, options, host).resolvedModule
    const sf = resolved && program.getSourceFile(resolved.resolvedFileName)
    let symbol = sf && checker.getSymbolAtLocation(sf)
    for (const name of qualifier.slice(1).split(".")) {
      symbol = symbol && resolve(checker.getExportsOfModule(symbol).find((s) => s.name === name) ?? symbol.exports?.get(name))
    }
    if (!symbol) throw new Error(`declarations: cannot resolve import("${specifier}")${qualifier}`)
    return symbol
  }

  /**
   * Printed type text with the SDK's names unqualified and other files' names replaced: a named type by a local one,
   * an enum member by its value, a value's type (`typeof`, `ReturnType<typeof f>`) by the type it has.
   */
  function fixReferences(text) {
    return text.replace(NAMESPACE_PREFIX, "").replace(IMPORT_TYPE, (_match, query, specifier, qualifier, close) => {
      const symbol = symbolOfImportType(specifier, qualifier)
      const tail = close ?? ""
      if (query === "ReturnType<typeof " && close) {
        const signatures = checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call)
        return typeText(checker.getReturnTypeOfSignature(signatures[signatures.length - 1]))
      }
      if (query) return `${query.slice(0, -"typeof ".length)}(${typeText(checker.getTypeOfSymbol(symbol))})${tail}`
      if (symbol.flags & ts.SymbolFlags.EnumMember) return literal(checker.getConstantValue(symbol.declarations[0])) + tail
      return localName(symbol) + tail
    })
  }

  /** A type's text; `inTypeAlias`: the type of the alias being declared (written out, not named by that alias). */
  function typeText(type, { inTypeAlias = false } = {}) {
    if (!inTypeAlias && aliasNameByType.has(type)) return aliasNameByType.get(type)
    const node = checker.typeToTypeNode(type, synthetic, FLAGS | (inTypeAlias ? ts.NodeBuilderFlags.InTypeAlias : 0))
    // The printer indents by four spaces, the SDK's source by two.
    const text = printer.printNode(ts.EmitHint.Unspecified, node, synthetic).replace(/^(?: {4})+/gm, (m) => " ".repeat(m.length / 2))
    return fixReferences(text)
  }

  function signatureText(signature, kind, name = "") {
    const node = checker.signatureToSignatureDeclaration(signature, kind, synthetic, FLAGS)
    let text = printer.printNode(ts.EmitHint.Unspecified, node, synthetic)
    if (name && kind === ts.SyntaxKind.MethodSignature) text = text.replace(/^[^(<]*/, propertyName(name))
    return fixReferences(text).replace(/;$/, "")
  }

  /** `(params): ret` of an SDK function or constructor: parameters and result named by the SDK's aliases where they are one. */
  function parametersText(signature) {
    return signature.parameters
      .map((parameter) => {
        const decl = parameter.valueDeclaration
        const optional = decl && ts.isParameter(decl) && (decl.questionToken || decl.initializer) ? "?" : ""
        const rest = decl && ts.isParameter(decl) && decl.dotDotDotToken ? "..." : ""
        return `${rest}${parameter.name}${optional}: ${typeText(checker.getTypeOfSymbolAtLocation(parameter, decl))}`
      })
      .join(", ")
  }

  /** The public members of an object type, one per line (for classes and interfaces written out). */
  function membersText(type, { skip = new Set(), indent = "  " } = {}) {
    const lines = []
    for (const info of checker.getIndexInfosOfType(type)) {
      lines.push(`${info.isReadonly ? "readonly " : ""}[key: ${typeText(info.keyType)}]: ${typeText(info.type)};`)
    }
    for (const signature of checker.getSignaturesOfType(type, ts.SignatureKind.Call)) {
      lines.push(`${signatureText(signature, ts.SyntaxKind.CallSignature)};`)
    }
    for (const property of checker.getPropertiesOfType(type)) {
      if (skip.has(property.name) || property.name.startsWith("__@") || property.name.startsWith("#")) continue
      const decl = property.valueDeclaration ?? property.declarations?.[0]
      const modifiers = decl ? ts.getCombinedModifierFlags(decl) : 0
      if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue
      const doc = decl && inSdk(decl) ? jsDoc(decl) : ""
      if (property.flags & ts.SymbolFlags.Method) {
        for (const signature of checker.getSignaturesOfType(checker.getTypeOfSymbol(property), ts.SignatureKind.Call)) {
          lines.push(`${doc}${signatureText(signature, ts.SyntaxKind.MethodSignature, property.name)};`)
        }
        continue
      }
      const getterOnly = property.flags & ts.SymbolFlags.GetAccessor && !(property.flags & ts.SymbolFlags.SetAccessor)
      const readonly = modifiers & ts.ModifierFlags.Readonly || getterOnly ? "readonly " : ""
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : ""
      lines.push(`${doc}${readonly}${propertyName(property.name)}${optional}: ${typeText(checker.getTypeOfSymbol(property))};`)
    }
    return lines.map((line) => line.replace(/^/gm, indent)).join("\n")
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The SDK's type aliases: source text, with each part that names something outside the SDK replaced.

  /** Whether a reference stays as written: a global, a type parameter, or an SDK type (queued if not exported). */
  function staysAsWritten(identifier) {
    const symbol = resolve(checker.getSymbolAtLocation(identifier))
    const decl = symbol?.declarations?.[0]
    if (!decl) return false
    if (isLib(decl) || symbol.flags & ts.SymbolFlags.TypeParameter) return true
    if (!inSdk(decl)) return false
    if (exportedTargets.has(symbol)) return true
    if (ts.isTypeAliasDeclaration(decl)) {
      localBySymbol.has(symbol) || queueSdkAlias(symbol)
      return true
    }
    return false
  }

  const firstIdentifier = (name) => (ts.isIdentifier(name) ? name : firstIdentifier(name.left))
  /** Whether a type node refers to anything outside the SDK (and the globals). */
  function refersOutside(node) {
    let outside = false
    const visit = (n) => {
      if (outside) return
      if (ts.isTypeReferenceNode(n) && !staysAsWritten(firstIdentifier(n.typeName))) outside = true
      else if (ts.isTypeQueryNode(n) && !staysAsWritten(firstIdentifier(n.exprName))) outside = true
      else if (ts.isImportTypeNode(n)) outside = true
      else ts.forEachChild(n, visit)
    }
    visit(node)
    return outside
  }

  const hasTypeQuery = (node) => ts.isTypeQueryNode(node) || Boolean(ts.forEachChild(node, (child) => hasTypeQuery(child) || undefined))

  /**
   * A type node's text, with the smallest parts that refer outside the SDK written out. `ReturnType<typeof f>` is
   * written out whatever `f` is: the declarations state functions by their result's alias (`AtelierSdk`), which
   * cannot then be defined by the function.
   */
  function rewrite(node, top = false) {
    const typeFunction = ts.isTypeReferenceNode(node) && TYPE_FUNCTIONS.has(firstIdentifier(node.typeName).text)
    const replaceWhole =
      (typeFunction && hasTypeQuery(node)) ||
      (refersOutside(node) &&
        ((ts.isTypeReferenceNode(node) && (typeFunction || !staysAsWritten(firstIdentifier(node.typeName)))) ||
          (ts.isIndexedAccessTypeNode(node) && refersOutside(node.objectType)) ||
          ts.isTypeQueryNode(node) ||
          ts.isImportTypeNode(node)))
    if (replaceWhole) {
      const text = typeText(checker.getTypeFromTypeNode(node), { inTypeAlias: top })
      const source = node.getSourceFile().text
      const indent = /^[ \t]*/.exec(source.slice(source.lastIndexOf("\n", node.getStart()) + 1))[0]
      return text.replace(/\n/g, `\n${indent}`)
    }
    const source = node.getSourceFile().text
    let text = ""
    let at = node.getStart()
    ts.forEachChild(node, (child) => {
      if (child.kind === ts.SyntaxKind.JSDoc) return
      const start = child.getStart()
      text += source.slice(at, start) + rewrite(child)
      at = child.getEnd()
    })
    return text + source.slice(at, node.getEnd())
  }

  const sdkAliasTexts = []
  function queueSdkAlias(symbol) {
    const decl = symbol.declarations[0]
    localBySymbol.set(symbol, { symbol, name: decl.name.text })
    sdkAliasTexts.push(`${jsDoc(decl)}type ${decl.name.text}${typeParametersText(decl)} = ${rewrite(decl.type, true)}`)
  }

  function typeParametersText(decl) {
    return decl.typeParameters ? `<${decl.typeParameters.map((p) => p.getText()).join(", ")}>` : ""
  }

  function jsDoc(decl) {
    const source = decl.getSourceFile().text
    const statement = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl
    const ranges = ts.getLeadingCommentRanges(source, statement.getFullStart()) ?? []
    const doc = ranges.filter((r) => source.slice(r.pos, r.pos + 3) === "/**").pop()
    return doc ? `${source.slice(doc.pos, doc.end).replace(/\n\s*/g, "\n ")}\n` : ""
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The exports.

  const out = []
  const reexports = []
  for (const symbol of exported) {
    const target = resolve(symbol)
    const decl = target.declarations?.[0]
    if (!decl) throw new Error(`declarations: export ${symbol.name} has no declaration`)
    const doc = inSdk(decl) ? jsDoc(decl) : ""

    if (ts.isTypeAliasDeclaration(decl) && inSdk(decl)) {
      out.push(`${doc}export type ${symbol.name}${typeParametersText(decl)} = ${rewrite(decl.type, true)}`)
    } else if (ts.isFunctionDeclaration(decl)) {
      for (const signature of checker.getSignaturesOfType(checker.getTypeOfSymbol(target), ts.SignatureKind.Call)) {
        if (signature.typeParameters?.length) throw new Error(`declarations: generic function ${symbol.name} is not supported`)
        const result = typeText(checker.getReturnTypeOfSignature(signature))
        out.push(`${doc}export declare function ${symbol.name}(${parametersText(signature)}): ${result}`)
      }
    } else if (ts.isClassDeclaration(decl) && inSdk(decl)) {
      out.push(`${doc}${classText(symbol.name, target)}`)
    } else if (target.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) {
      // A type the SDK re-exports from the server (`export type { ArtistAnalytics }`): written out under its name (below,
      // once the functions above are declared).
      reexports.push({ index: out.length, name: symbol.name, symbol: target })
      out.push("")
    } else {
      throw new Error(`declarations: export ${symbol.name} (${ts.SyntaxKind[decl.kind]}) is not supported`)
    }
  }

  function classText(name, symbol) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol)
    // A base from the standard library (Error) stays the base; any other is flattened into the class.
    let libBase = null
    for (let t = checker.getBaseTypes(instance)[0]; t && !libBase; t = checker.getBaseTypes(t)[0]) {
      if (t.symbol?.declarations?.some(isLib)) libBase = t
    }
    const skip = new Set(libBase ? checker.getPropertiesOfType(libBase).map((p) => p.name) : [])
    const constructors = checker
      .getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Construct)
      .map((signature) => `  constructor(${parametersText(signature)});`)
    const heritage = libBase ? ` extends ${typeText(libBase)}` : ""
    return `export declare class ${name}${heritage} {\n${[...constructors, membersText(instance, { skip })].filter(Boolean).join("\n")}\n}`
  }

  /** A named type of another file as a structure: an alias's resolved type, an enum's values, an interface's members. */
  function namedTypeText(symbol) {
    if (symbol.flags & ts.SymbolFlags.TypeAlias) return typeText(checker.getDeclaredTypeOfSymbol(symbol), { inTypeAlias: true })
    if (symbol.flags & ts.SymbolFlags.Enum) {
      return checker.getExportsOfModule(symbol).map((m) => literal(checker.getConstantValue(m.declarations[0]))).join(" | ")
    }
    return `{\n${membersText(checker.getDeclaredTypeOfSymbol(symbol))}\n}`
  }

  /** `<T, U extends X>` of a named type of another file (an alias's, an interface's or a class's). */
  function namedTypeParameters(symbol) {
    const parameters =
      symbol.flags & ts.SymbolFlags.TypeAlias
        ? (symbol.declarations[0].typeParameters ?? []).map((p) => checker.getTypeAtLocation(p))
        : (checker.getDeclaredTypeOfSymbol(symbol).typeParameters ?? [])
    if (!parameters.length) return ""
    const printed = parameters.map((p) => printer.printNode(ts.EmitHint.Unspecified, checker.typeParameterToDeclaration(p, synthetic, FLAGS), synthetic))
    return `<${fixReferences(printed.join(", "))}>`
  }

  for (const entry of reexports) out[entry.index] = `export type ${entry.name}${namedTypeParameters(entry.symbol)} = ${namedTypeText(entry.symbol)}`

  const locals = []
  while (pending.length) {
    const local = pending.shift()
    locals.push(`type ${local.name}${namedTypeParameters(local.symbol)} = ${namedTypeText(local.symbol)}`)
  }

  const header = `// @atelier/sdk: the typed client for Atelier's gallery, storefront and artist-dashboard routes.\n// Generated from src/sdk by packages/sdk/scripts/build.mjs; types written out from the server's schemas and views.\n`
  const body = [...out, ...sdkAliasTexts, ...locals].join("\n\n")
  fs.writeFileSync(outFile, `${header}\n${body}\n`)
  return outFile
}

function literal(value) {
  return typeof value === "string" ? JSON.stringify(value) : String(value)
}

function propertyName(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
}

/**
 * Compiles the declarations alone, as a consumer would (strict, library checks on): once with the DOM's lib (a
 * browser app) and once with Node's types only (a Node script). Throws with the errors if either fails, or if the
 * file imports anything.
 */
export function checkDeclarations({ repoRoot, file }) {
  const text = fs.readFileSync(file, "utf8")
  if (/^\s*(import[\s{*]|export\s*\*|export\s*\{[^}]*\}\s*from)/m.test(text) || /\bimport\(/.test(text)) {
    throw new Error(`${file} refers to another module`)
  }
  const environments = {
    browser: { lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"], types: [] },
    node: { lib: ["lib.es2022.d.ts"], types: ["node"], typeRoots: [path.join(repoRoot, "node_modules/@types")] },
  }
  for (const [name, environment] of Object.entries(environments)) {
    const program = ts.createProgram([file], {
      ...environment,
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || path.resolve(d.file.fileName) === path.resolve(file))
    if (diagnostics.length) {
      const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repoRoot, getNewLine: () => "\n" }
      throw new Error(`declarations do not compile alone (${name}):\n${ts.formatDiagnostics(diagnostics.slice(0, 20), host)}`)
    }
  }
}
