% Positional games: each player occupies an open position.
% After Shaik & van de Pol, SAT 2023, Listing 4.
#blackactions
:action occupy
:parameters (?x, ?y)
:precondition (open(?x,?y))
:effect (black(?x,?y))
#whiteactions
:action occupy
:parameters (?x, ?y)
:precondition (open(?x,?y))
:effect (white(?x,?y))
