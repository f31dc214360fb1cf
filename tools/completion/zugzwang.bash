# bash completion for zugzwang. It asks the program itself (its --help and `games`), so it
# never falls out of step with the commands, options, games and rule options it knows.
_zugzwang() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
  local prog="${COMP_WORDS[0]}"
  if ((COMP_CWORD == 1)); then
    local commands
    commands=$("$prog" --help 2>/dev/null | awk '/^commands:/ {on=1; next} on && NF {print $1}')
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  local command="${COMP_WORDS[1]}"
  case "$prev" in
    --data|--output|--game-file)
      COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
    --rule)
      local game="${COMP_WORDS[2]}"
      local rules
      rules=$("$prog" games 2>/dev/null | awk -v g="$game" '
        /^[^ ]/ {current = $1; next}
        current == g && $1 == "--rule" {split($2, kv, "="); n = split(kv[2], vs, "|");
          for (i = 1; i <= n; i++) print kv[1] "=" (vs[i] == "N" ? "" : vs[i])}')
      compopt -o nospace 2>/dev/null
      COMPREPLY=($(compgen -W "$rules" -- "$cur"))
      return ;;
    --format)
      COMPREPLY=($(compgen -W "json jsonl" -- "$cur"))
      return ;;
    --where)
      COMPREPLY=($(compgen -W "value=win value=draw value=loss" -- "$cur"))
      return ;;
    --color)
      COMPREPLY=($(compgen -W "white black" -- "$cur"))
      return ;;
    --notation)
      COMPREPLY=($(compgen -W "san uci" -- "$cur"))
      return ;;
  esac
  if [[ "$cur" == -* ]]; then
    local options
    options=$("$prog" "$command" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  if ((COMP_CWORD == 2)) && [[ "$command" != "games" ]]; then
    local games
    games=$("$prog" games 2>/dev/null | awk '/^[^ ]/ {print $1}')
    COMPREPLY=($(compgen -W "$games" -- "$cur"))
    return
  fi
  if ((COMP_CWORD == 3)); then
    COMPREPLY=($(compgen -W "start" -- "$cur"))
  fi
}
complete -F _zugzwang zugzwang
