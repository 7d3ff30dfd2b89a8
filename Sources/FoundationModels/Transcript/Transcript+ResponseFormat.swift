extension Transcript {
    /// The structure a response was asked to have.
    public struct ResponseFormat: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The way the response format constrains the model's output.
        public let kind: Kind

        /// A representation of the different ways a response format can constrain model
        /// output.
        public enum Kind: Sendable, Equatable {
            /// The output follows a generation schema.
            case schema(GenerationSchema)

            public static func == (lhs: Kind, rhs: Kind) -> Bool {
                switch (lhs, rhs) {
                case (.schema(let left), .schema(let right)):
                    left.name == right.name && (try? left.jsonSchema()) == (try? right.jsonSchema())
                }
            }
        }

        /// The schema's name: the type's name (or its `@Generable(name:)`), or the dynamic
        /// schema's name.
        public var name: String {
            switch kind {
            case .schema(let schema): schema.name
            }
        }

        /// The schema the output follows.
        var schema: GenerationSchema {
            switch kind {
            case .schema(let schema): schema
            }
        }

        /// Creates a response format with type you specify.
        ///
        /// - parameter type: A generable type to use as the response format.
        public init<Content: Generable>(type: Content.Type) {
            kind = .schema(type.generationSchema)
        }

        /// Creates a response format with a schema.
        ///
        /// - parameter schema: A schema to use as the response format.
        public init(schema: GenerationSchema) {
            kind = .schema(schema)
        }

        /// The format's name.
        public var description: String { name }

        // Encodes as before `kind` existed: the name and the schema, so saved transcripts
        // read back either way.
        private enum CodingKeys: String, CodingKey { case name, schema }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = .schema(try container.decode(GenerationSchema.self, forKey: .schema))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(schema, forKey: .schema)
        }
    }
}
