% Domineering, 3 columns x 2 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
3 2
#init
#depth
2
#blackgoal
#whitegoal
