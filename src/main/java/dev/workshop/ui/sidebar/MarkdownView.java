package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.ExternalLinks;
import dev.workshop.ui.fx.SystemClipboard;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Markdown as JavaFX nodes (no WebView: one per message would not scale): headings, paragraphs with bold,
 * italic, code and links, bullet and numbered lists, block quotes, tables, and code blocks with a Copy
 * button. Anything else shows as its plain text.
 */
final class MarkdownView extends VBox {
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    /** What Ctrl+F looks for, lower case; "" for nothing. */
    private final String highlight;
    /** Every run of text, in reading order: what a drag selects across ({@link TextSelection}). */
    private final List<TextFlow> textBlocks = new ArrayList<>();

    public MarkdownView(String markdown) {
        this(markdown, "");
    }

    /**
     * @param highlight text to mark wherever it occurs in a run of text (ignoring case), for Ctrl+F; "" for none.
     *                  A match across two styles ("riskiest **assumption**") is not marked.
     */
    public MarkdownView(String markdown, String highlight) {
        super(6);
        this.highlight = highlight == null ? "" : highlight.toLowerCase(Locale.ROOT);
        getStyleClass().add("markdown");
        org.commonmark.node.Node document = PARSER.parse(markdown);
        for (org.commonmark.node.Node block = document.getFirstChild(); block != null; block = block.getNext()) {
            getChildren().add(block(block));
        }
    }

    /** The message's runs of text in reading order (paragraphs, headings, list items, cells, code). */
    List<TextFlow> textBlocks() {
        return textBlocks;
    }

    private Node block(org.commonmark.node.Node block) {
        return switch (block) {
            case Heading heading -> styled(inline(heading), "md-h" + Math.min(3, heading.getLevel()));
            case Paragraph paragraph -> inline(paragraph);
            case BulletList list -> list(list, false, 1);
            case OrderedList list -> list(list, true, list.getMarkerStartNumber() == null ? 1 : list.getMarkerStartNumber());
            case FencedCodeBlock code -> codeBlock(code.getLiteral());
            case IndentedCodeBlock code -> codeBlock(code.getLiteral());
            case BlockQuote quote -> styled(children(quote), "md-quote");
            case ThematicBreak rule -> new Separator();
            case TableBlock table -> table(table);
            default -> inline(block);
        };
    }

    private static <T extends Node> T styled(T node, String styleClass) {
        node.getStyleClass().add(styleClass);
        return node;
    }

    private VBox children(org.commonmark.node.Node parent) {
        VBox box = new VBox(4);
        for (org.commonmark.node.Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            box.getChildren().add(block(child));
        }
        return box;
    }

    private VBox list(org.commonmark.node.Node list, boolean ordered, int start) {
        VBox items = new VBox(3);
        int number = start;
        for (org.commonmark.node.Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            if (item instanceof ListItem) {
                Label marker = new Label(ordered ? number++ + "." : "•");
                marker.getStyleClass().add("md-list-marker");
                marker.setMinWidth(ordered ? 22 : 14);
                VBox content = children(item);
                HBox.setHgrow(content, Priority.ALWAYS);
                HBox row = new HBox(4, marker, content);
                items.getChildren().add(row);
            }
        }
        return styled(items, "md-list");
    }

    private VBox codeBlock(String code) {
        String text = code.endsWith("\n") ? code.substring(0, code.length() - 1) : code;
        // A flow, not a label: its text can be selected like the rest of the message.
        TextFlow body = new TextFlow(run(text, "md-code-text"));
        body.getStyleClass().add("md-code-body");
        textBlocks.add(body);
        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.getStyleClass().addAll("flat", "small", "md-copy");
        copy.setTooltip(new Tooltip("Copy this code"));
        copy.setOnAction(event -> {
            SystemClipboard.put(text);
            copy.setText("Copied");
        });
        HBox bar = new HBox(copy);
        bar.setAlignment(Pos.CENTER_RIGHT);
        return styled(new VBox(2, bar, body), "md-code-block");
    }

    private GridPane table(TableBlock table) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("md-table");
        int row = 0;
        for (org.commonmark.node.Node section = table.getFirstChild(); section != null; section = section.getNext()) {
            for (org.commonmark.node.Node line = section.getFirstChild(); line != null; line = line.getNext()) {
                if (line instanceof TableRow) {
                    int column = 0;
                    for (org.commonmark.node.Node cell = line.getFirstChild(); cell != null; cell = cell.getNext()) {
                        TextFlow flow = inline(cell);
                        flow.getStyleClass().add(cell instanceof TableCell tableCell && tableCell.isHeader()
                                ? "md-table-header" : "md-table-cell");
                        grid.add(flow, column++, row);
                    }
                    row++;
                }
            }
        }
        return grid;
    }

    /** The inline content of a block as one flow of styled runs. */
    private TextFlow inline(org.commonmark.node.Node parent) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().add("md-text");
        textBlocks.add(flow);
        appendInline(flow, parent, "");
        return flow;
    }

    private void appendInline(TextFlow flow, org.commonmark.node.Node parent, String styles) {
        for (org.commonmark.node.Node node = parent.getFirstChild(); node != null; node = node.getNext()) {
            switch (node) {
                case org.commonmark.node.Text text -> addRun(flow, text.getLiteral(), styles);
                case Emphasis emphasis -> appendInline(flow, emphasis, styles + " md-em");
                case StrongEmphasis strong -> appendInline(flow, strong, styles + " md-strong");
                case Code code -> addRun(flow, code.getLiteral(), styles + " md-code");
                case SoftLineBreak soft -> flow.getChildren().add(run(" ", styles));
                case HardLineBreak hard -> flow.getChildren().add(run("\n", styles));
                case Link link -> flow.getChildren().add(link(plainText(link), link.getDestination()));
                default -> appendInline(flow, node, styles);
            }
        }
    }

    /**
     * A link: a web address opens in the browser; any other (a model may write {@code file:} links) and any
     * link when the desktop cannot be asked is copied instead, and the tooltip says which happened.
     */
    private static Hyperlink link(String text, String address) {
        Hyperlink hyperlink = new Hyperlink(text);
        hyperlink.getStyleClass().add("md-link");
        boolean opens = ExternalLinks.available() && ExternalLinks.isWebAddress(address);
        hyperlink.setTooltip(new Tooltip((opens ? "Open " : "Copy ") + address));
        hyperlink.setOnAction(event -> {
            if (ExternalLinks.openWebAddress(address)) {
                hyperlink.setTooltip(new Tooltip("Opened in your browser: " + address));
            } else {
                SystemClipboard.put(address);
                hyperlink.setTooltip(new Tooltip("Address copied: " + address));
            }
        });
        MenuItem copy = new MenuItem("Copy address");
        copy.setOnAction(event -> SystemClipboard.put(address));
        hyperlink.setContextMenu(new ContextMenu(copy));
        return hyperlink;
    }

    /** A run of text in one style, cut where the Ctrl+F text occurs so that each occurrence is marked. */
    private void addRun(TextFlow flow, String literal, String styles) {
        int from = 0;
        if (!highlight.isEmpty()) {
            String lower = literal.toLowerCase(Locale.ROOT);
            for (int at = lower.indexOf(highlight); at >= 0; at = lower.indexOf(highlight, from)) {
                if (at > from) {
                    flow.getChildren().add(run(literal.substring(from, at), styles));
                }
                from = at + highlight.length();
                flow.getChildren().add(run(literal.substring(at, from), styles + " md-find"));
            }
        }
        if (from < literal.length() || literal.isEmpty()) {
            flow.getChildren().add(run(literal.substring(from), styles));
        }
    }

    private static Text run(String literal, String styles) {
        Text text = new Text(literal);
        text.getStyleClass().add("md-run");
        for (String style : styles.strip().split("\\s+")) {
            if (!style.isEmpty()) {
                text.getStyleClass().add(style);
            }
        }
        return text;
    }

    private static String plainText(org.commonmark.node.Node parent) {
        StringBuilder text = new StringBuilder();
        for (org.commonmark.node.Node node = parent.getFirstChild(); node != null; node = node.getNext()) {
            if (node instanceof org.commonmark.node.Text literal) {
                text.append(literal.getLiteral());
            } else if (node instanceof Code code) {
                text.append(code.getLiteral());
            } else {
                text.append(plainText(node));
            }
        }
        return text.toString();
    }
}
