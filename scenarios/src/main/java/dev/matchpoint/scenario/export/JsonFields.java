package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.mpi.trace.FieldWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Jackson plumbing shared by the JSON writers: one factory, and trace fields into a generator. */
final class JsonFields implements FieldWriter {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();
  private final JsonGenerator g;

  JsonFields(JsonGenerator g) {
    this.g = g;
  }

  /**
   * A UTF-8 generator that leaves the stream open and writes BigDecimals without exponents.
   *
   * @param out the stream
   * @return the generator
   * @throws IOException when it cannot be created
   */
  static JsonGenerator generator(OutputStream out) throws IOException {
    JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8);
    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    return g;
  }

  @Override
  public void field(String name, long value) {
    try {
      g.writeNumberField(name, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void field(String name, String value) {
    try {
      g.writeStringField(name, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void field(String name, boolean value) {
    try {
      g.writeBooleanField(name, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
