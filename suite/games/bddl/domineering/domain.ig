% Domineering: Black places vertical dominoes, White horizontal ones; who cannot move loses.
% After Shaik & van de Pol, SAT 2023, Listing 19.
#blackactions
:action vertical
:parameters (?x, ?y)
:precondition (open(?x,?y) open(?x,?y+1))
:effect (black(?x,?y) black(?x,?y+1))
#whiteactions
:action horizontal
:parameters (?x, ?y)
:precondition (open(?x,?y) open(?x+1,?y))
:effect (white(?x,?y) white(?x+1,?y))
